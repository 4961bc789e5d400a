export const id = 651;
export const ids = [651,729];
export const modules = {

/***/ 5729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fp: () => (/* reexport safe */ _listed__WEBPACK_IMPORTED_MODULE_3__.Fp),
/* harmony export */   su: () => (/* reexport safe */ _listed__WEBPACK_IMPORTED_MODULE_3__.su),
/* harmony export */   upsertCheckRun: () => (/* binding */ upsertCheckRun)
/* harmony export */ });
/* unused harmony exports ANNOTATIONS_PER_REQUEST, batches, missingAnnotations */
/* harmony import */ var _domain_object_name__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4229);
/* harmony import */ var _github_errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3116);
/* harmony import */ var _domain_shape__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2853);
/* harmony import */ var _github_paged_list__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4627);
/* harmony import */ var _listed__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(35);
/**
 * The check run on a commit: one per check name, found again by name and by our `external_id`
 * marker, updated rather than duplicated, and carrying every annotation in batches of 50 (GitHub
 * takes at most 50 per request and appends those of each update to the ones already there).
 *
 * Because annotations append, no write is resent blindly: a write whose answer is lost (5xx, no
 * answer) is settled by listing again — the check runs before a second creation, the run's
 * annotations before the next batch — and only what is missing is sent. An earlier run's check
 * run on the same commit is reused when its annotations are all still current (a re-run); when it
 * carries annotations of findings no longer there (GitHub cannot remove them), a new check run
 * replaces it: GitHub shows, and branch protection reads, the newest check run of a name.
 */






/** GitHub's limit of annotations per create or update request. */
const ANNOTATIONS_PER_REQUEST = 50;
/** Sends of the creation when GitHub's answer is lost and no check run is there afterwards. */
const MAX_CREATE_SENDS = 2;
/** Lost answers tolerated while sending the batches of one check run. */
const MAX_LOST_UPDATES = 3;
/** `size` items at a time. */
function batches(items, size = ANNOTATIONS_PER_REQUEST) {
    if (!Number.isInteger(size) || size < 1)
        throw new TypeError(`Expected \`size\` to be an integer from 1 up, got ${String(size)}`);
    const out = [];
    for (let i = 0; i < items.length; i += size)
        out.push(items.slice(i, i + size));
    return out;
}
const keyOf = (a) => JSON.stringify([a.path, a.start_line, a.end_line, a.annotation_level, a.title, a.message]);
/**
 * What of `wanted` is not among `there` (counted, so two equal findings are two annotations), and
 * whether `there` holds annotations `wanted` does not: those are stale and cannot be removed.
 */
function missingAnnotations(wanted, there) {
    const left = new Map();
    for (const key of there)
        left.set(key, (left.get(key) ?? 0) + 1);
    const missing = wanted.filter((a) => {
        const n = left.get(keyOf(a)) ?? 0;
        if (n === 0)
            return true;
        left.set(keyOf(a), n - 1);
        return false;
    });
    return { missing, stale: [...left.values()].some((n) => n > 0) };
}
async function upsertCheckRun(context, repository, content, options = {}) {
    const { log } = context;
    const where = `check run '${content.name}' on ${(0,_domain_object_name__WEBPACK_IMPORTED_MODULE_4__/* .shortSha */ .F)(content.headSha)}`;
    /** Check runs not to update: stale annotations, not ours to edit, or not this write's to reuse. */
    const passedOver = new Set();
    let createSends = 0;
    let listed = options.listed;
    try {
        const { started } = options;
        if (started !== undefined) {
            try {
                await sendBatches(context, repository, started.id, content, content.annotations);
                // This run created it (in progress), and completes it now.
                return { kind: 'written', created: true, id: started.id, ...urlOf(started), annotations: content.annotations.length, appId: started.appId };
            }
            catch (error) {
                if (!(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .isWriteRefused */ .c$)(error) && (0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .requestStatus */ .G2)(error) !== 422)
                    throw error;
                log?.warning(`The ${where} this run started (${started.id}) cannot be completed (GitHub answered ${(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .requestStatus */ .G2)(error)}); writing it anew`);
                passedOver.add(started.id);
            }
        }
        for (;;) {
            const considered = (listed ?? (await (0,_listed__WEBPACK_IMPORTED_MODULE_3__/* .listOwnCheckRuns */ .Fp)(context, repository, content.name, content.headSha))).filter(options.considered ?? (() => true));
            // Listed afresh from here on: after a lost answer, to see what landed.
            listed = undefined;
            const newest = (0,_listed__WEBPACK_IMPORTED_MODULE_3__/* .newestOf */ .su)(considered);
            if (newest !== undefined && options.reusable !== undefined && !options.reusable(newest))
                passedOver.add(newest.id);
            if (newest !== undefined && !passedOver.has(newest.id)) {
                const there = await annotationKeys(context, repository, newest.id);
                const { missing, stale } = missingAnnotations(content.annotations, there);
                if (stale) {
                    log?.info(`The ${where} carries annotations of findings no longer reported; writing a new check run in its place`);
                    passedOver.add(newest.id);
                    continue;
                }
                try {
                    await sendBatches(context, repository, newest.id, content, missing);
                }
                catch (error) {
                    if (!(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .isWriteRefused */ .c$)(error) || createSends > 0)
                        throw error;
                    log?.debug(`The ${where} (${newest.id}) cannot be edited (GitHub answered ${(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .requestStatus */ .G2)(error)}); creating one`);
                    passedOver.add(newest.id);
                    continue;
                }
                // GitHub lets only the app that created a check run update it: its app is the token's.
                return { kind: 'written', created: createSends > 0, id: newest.id, ...urlOf(newest), annotations: content.annotations.length, appId: newest.appId };
            }
            if (createSends >= MAX_CREATE_SENDS) {
                throw new Error(`the creation was sent ${createSends} times and no check run is there afterwards`);
            }
            createSends++;
            const [first = [], ...rest] = batches(content.annotations);
            let created;
            try {
                const { data } = await context.gate.run(() => context.octokit.rest.checks.create({
                    ...repository,
                    name: content.name,
                    head_sha: content.headSha,
                    ...fields(content),
                    output: { title: content.title, summary: content.summary, annotations: first },
                    request: { retries: 0 },
                }));
                created = { id: data.id, url: data.html_url ?? undefined, appId: data.app?.id };
            }
            catch (error) {
                if (!isLost(error))
                    throw error;
                log?.warning(`GitHub answered ${(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .requestStatus */ .G2)(error) ?? 'nothing'} to the ${where}; checking whether it was created before sending it again`);
                continue;
            }
            await sendBatches(context, repository, created.id, content, rest.flat(), false);
            return { kind: 'written', created: true, id: created.id, ...urlOf(created), annotations: content.annotations.length, appId: created.appId };
        }
    }
    catch (error) {
        if ((0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .isWriteRefused */ .c$)(error))
            return { kind: 'read-only', status: (0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .requestStatus */ .G2)(error), githubMessage: (0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .describeGitHubError */ .dZ)(error) };
        throw error instanceof _github_errors__WEBPACK_IMPORTED_MODULE_0__/* .GitHubApiError */ .OS || error instanceof _github_errors__WEBPACK_IMPORTED_MODULE_0__/* .GitHubListError */ .IX ? error : new _github_errors__WEBPACK_IMPORTED_MODULE_0__/* .GitHubApiError */ .OS(`Writing the ${where}`, error);
    }
}
function fields(content) {
    return {
        status: 'completed',
        conclusion: content.conclusion,
        external_id: _listed__WEBPACK_IMPORTED_MODULE_3__/* .CHECK_RUN_EXTERNAL_ID */ .Vp,
        ...(content.detailsUrl === undefined ? {} : { details_url: content.detailsUrl }),
    };
}
const urlOf = (listed) => (listed.url === undefined ? {} : { url: listed.url });
/** A write that may have landed although its answer was lost. */
function isLost(error) {
    const status = (0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .requestStatus */ .G2)(error);
    return status === undefined || status >= 500;
}
/** The fields of a listed annotation review-gate compares; an annotation has no id, and two equal ones are two. */
const ANNOTATION = (0,_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ik)({
    path: _domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .string */ .Yj,
    start_line: _domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .integer */ .nd,
    end_line: _domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .integer */ .nd,
    annotation_level: (0,_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lq)(_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .string */ .Yj),
    title: (0,_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lq)(_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .string */ .Yj),
    message: (0,_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lq)(_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .string */ .Yj),
});
async function annotationKeys({ octokit }, repository, id) {
    const listed = await (0,_github_paged_list__WEBPACK_IMPORTED_MODULE_2__/* .readRestList */ .rc)({ what: `the annotations of check run ${id}`, entry: ANNOTATION, perPage: 100 }, (page) => octokit.rest.checks.listAnnotations({ ...repository, check_run_id: id, per_page: 100, page }));
    // Compared as GitHub stores them: an unknown level simply matches nothing we send.
    return listed.map((a) => JSON.stringify([a.path, a.start_line, a.end_line, a.annotation_level ?? '', a.title ?? '', a.message ?? '']));
}
/**
 * The status (completed), conclusion, title and summary, then `pending` 50 at a time. `withFields`: the first
 * request also sets the conclusion and output (false right after a creation that set them).
 * A lost answer lists the run's annotations again and goes on with what is still missing.
 */
async function sendBatches(context, repository, id, content, pending, withFields = true) {
    let left = [...pending];
    let fieldsSent = !withFields;
    for (let lost = 0; !fieldsSent || left.length > 0;) {
        const batch = left.slice(0, ANNOTATIONS_PER_REQUEST);
        try {
            await context.gate.run(() => context.octokit.rest.checks.update({
                ...repository,
                check_run_id: id,
                ...fields(content),
                output: { title: content.title, summary: content.summary, annotations: batch },
                request: { retries: 0 },
            }));
            fieldsSent = true;
            left = left.slice(batch.length);
        }
        catch (error) {
            if (!isLost(error) || ++lost > MAX_LOST_UPDATES)
                throw error;
            context.log?.warning(`GitHub answered ${(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .requestStatus */ .G2)(error) ?? 'nothing'} to an update of check run ${id}; listing its annotations before going on`);
            left = missingAnnotations(content.annotations, await annotationKeys(context, repository, id)).missing;
        }
    }
}


/***/ }),

/***/ 651:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  canReportStop: () => (/* binding */ canReportStop),
  checksPermissionMessage: () => (/* binding */ checksPermissionMessage),
  publishCheckRun: () => (/* binding */ publishCheckRun)
});

// EXTERNAL MODULE: ./src/domain/errors.ts
var errors = __webpack_require__(241);
// EXTERNAL MODULE: ./src/domain/pull-request.ts
var pull_request = __webpack_require__(2901);
// EXTERNAL MODULE: ./src/github/errors.ts
var github_errors = __webpack_require__(3116);
// EXTERNAL MODULE: ./src/github/octokit.ts + 7 modules
var octokit = __webpack_require__(3738);
// EXTERNAL MODULE: ./src/domain/object-name.ts
var object_name = __webpack_require__(4229);
// EXTERNAL MODULE: ./src/github/pull-head.ts
var pull_head = __webpack_require__(1767);
// EXTERNAL MODULE: ./src/write/check-run/verdict-records.ts
var verdict_records = __webpack_require__(8434);
// EXTERNAL MODULE: ./src/render/summary/summary.ts + 9 modules
var summary = __webpack_require__(8967);
// EXTERNAL MODULE: ./src/render/markdown/sanitize.ts
var sanitize = __webpack_require__(5597);
;// CONCATENATED MODULE: ./src/write/check-run/commit-check-content.ts




/** Other pull requests shown in a summary; more than that at one commit is listed in one line. */
const MAX_SHOWN_PULLS = 20;
/**
 * `verdict`: this run's own, recorded. `standing`: what stands for its pull request (`verdict`
 * itself, or an earlier one it does not replace). `others`: the verdicts standing for the other
 * open pull requests the commit heads, checked by the caller.
 */
function commitCheckContent(own, verdict, standing, others) {
    const record = (0,verdict_records/* verdictRecord */.Z5)(verdict);
    if (others.length === 0 && standing === verdict)
        return { ...own, summary: `${own.summary.trimEnd()}\n\n${record}\n` };
    const all = [standing, ...others];
    const conclusion = all.reduce((c, v) => (verdict_records/* STRICTNESS */.th[v.conclusion] > verdict_records/* STRICTNESS */.th[c] ? v.conclusion : c), 'success');
    if (others.length === 0)
        return earlierStands(own, verdict, standing, record);
    // A pull request that fails is named before one that is not judged yet: the failure is what is known.
    const strictest = all.filter((v) => v.conclusion === conclusion);
    const decided = strictest.filter((v) => !v.pending);
    const holders = (decided.length > 0 ? decided : strictest).sort((a, b) => a.pr - b.pr);
    const first = holders[0];
    const who = `${names(holders)} ${verb(holders)}`;
    const reason = withoutWord(first.title);
    const title = (0,sanitize/* plainText */.wh)(`${word(conclusion)}: ${who} at this commit${reason === '' ? '' : `: ${reason}`}`, verdict_records/* MAX_TITLE */.Og);
    const shown = [standing, ...others.slice(0, MAX_SHOWN_PULLS)].sort((a, b) => a.pr - b.pr);
    const label = (v) => (v.pr !== verdict.pr ? '' : v === verdict ? ' (this run)' : ' (an earlier review; this run’s verdict does not replace it)');
    const rows = shown.map((v) => `| #${v.pr}${label(v)} | ${emoji(v)} ${(0,sanitize/* tableCell */.xR)(v.title, verdict_records/* MAX_TITLE */.Og + 20)} |`);
    const more = others.length > MAX_SHOWN_PULLS ? ['', `And ${others.length - MAX_SHOWN_PULLS} more pull requests at this commit.`] : [];
    const summary = [
        `## ${heading(conclusion)}: ${who} at this commit`,
        '',
        `Commit \`${(0,object_name/* shortSha */.F)(own.headSha)}\` is the head of more than one open pull request. A check run belongs to the commit, not to a ` +
            'pull request, so this one shows the strictest of their verdicts: it cannot pass one pull request while another fails, or is not judged yet, at the same commit.',
        '',
        `| pull request | verdict at \`${(0,object_name/* shortSha */.F)(own.headSha)}\` |`,
        '|---|---|',
        ...rows,
        ...more,
    ];
    return { ...own, conclusion, title, summary: aboveOwn(summary, `The review of #${verdict.pr} follows.`, own, record) };
}
/** `above`, then the run's own summary under a rule, ending with its record. */
function aboveOwn(above, follows, own, record) {
    return [...above, '', follows, '', '---', '', own.summary.trimEnd(), '', record, ''].join('\n');
}
/** This pull request alone at the commit, its earlier verdict standing over this run's. */
function earlierStands(own, verdict, standing, record) {
    const title = standing.pending ? (0,sanitize/* plainText */.wh)(`${word('failure')}: #${standing.pr} is not judged yet at this commit: ${standing.title}`, verdict_records/* MAX_TITLE */.Og) : standing.title;
    const above = [
        `## ${heading(standing.conclusion)}: ${standing.pending ? `a newer review of #${standing.pr} has not finished` : `an earlier review of #${standing.pr} stands`} at this commit`,
        '',
        `${capitalized(whyItStands(verdict, standing, (title) => `\`${(0,sanitize/* tableCell */.xR)(title, verdict_records/* MAX_TITLE */.Og)}\``))}.`,
    ];
    const follows = `This run’s own verdict (${(0,sanitize/* tableCell */.xR)(verdict.title, verdict_records/* MAX_TITLE */.Og)}) follows.`;
    return { ...own, conclusion: standing.conclusion, title, summary: aboveOwn(above, follows, own, record) };
}
/**
 * Why `standing` holds over `verdict`, as one sentence that starts in lower case (the log puts it
 * after a colon, the summary capitalizes it); `quote` shows a verdict line where it is read.
 */
function whyItStands(verdict, standing, quote) {
    const at = (ms) => new Date(ms).toISOString();
    if (standing.pending) {
        return (`a review of #${standing.pr} that read the pull request from GitHub at ${at(standing.read)}, after this run did (${at(verdict.read)}), ` +
            'started and has not finished (or stopped without concluding): until a run that read it at least as recently decides, the check does not pass');
    }
    if (!verdict.reviewed) {
        return `a run that reviews nothing does not replace the verdict of one that reviewed #${standing.pr} at this commit (${quote(standing.title)})`;
    }
    return (`this run read the pull request from GitHub at ${at(verdict.read)}, before the run that decided ${quote(standing.title)} did (${at(standing.read)}), ` +
        'and a failure is replaced only by the verdict of a run that read the pull request at least as recently');
}
/** The gate's result each conclusion stands for, so the words are the summary's own (`❌ Failed`). */
const RESULT = { success: 'passed', failure: 'failed', neutral: 'neutral' };
const heading = (c) => summary/* VERDICT_HEADING */.pD[RESULT[c]];
const word = (c) => heading(c).replace(/^\S+\s/, '');
const emoji = (v) => (v.pending ? '⏳' : (heading(v.conclusion).split(' ')[0] ?? ''));
/** `Failed: 1 error finding…` → `1 error finding…`; `Passed` → ``. */
const withoutWord = (title) => {
    const prefix = ['failure', 'neutral', 'success'].map(word).find((w) => title === w || title.startsWith(`${w}: `));
    return prefix === undefined ? title : title.slice(prefix.length + 2);
};
const VERB = {
    failure: ['fails', 'fail'],
    neutral: ['is neutral', 'are neutral'],
    success: ['passes', 'pass'],
    pending: ['is not judged yet', 'are not judged yet'],
};
/** What the holders of the conclusion do: a pending pull request is not judged yet, not failing. */
function verb(holders) {
    const [first] = holders;
    const kind = holders.every((v) => v.pending) ? 'pending' : (first?.conclusion ?? 'success');
    return VERB[kind][holders.length === 1 ? 0 : 1];
}
const capitalized = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
function names(verdicts) {
    const all = verdicts.map((v) => `#${v.pr}`);
    return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1) ?? ''}`;
}

;// CONCATENATED MODULE: ./src/write/check-run/verdict-fold.ts
/**
 * Which verdict of each pull request stands at a commit, from the records its runs left on the
 * check runs there (verdict-records.ts). The rule: the check says what a run knows, and only about
 * what that run reviewed.
 *
 * - Decided verdicts are taken in the order they were decided. A `failure` always takes over. A
 *   `neutral` or `success` takes over another `neutral` or `success`, but replaces a `failure`
 *   only when its run reviewed the head (a skipped draft did not) and read the pull request from
 *   GitHub at least as recently as the failing run did. A run that read GitHub before the pull
 *   request was retargeted, made ready or reviewed again decided on an older state: finishing
 *   later does not make it newer.
 * - A run that started (its check run `in_progress`) and has not decided, and whose read is newer
 *   than every decision since, holds the pull request unjudged: a decided `neutral` or `success`
 *   does not stand while it runs. A `failure` stands either way.
 *
 * Records of several apps are folded per app, then the strictest is taken: before a run knows the
 * app its token writes as, another app's records can only make a verdict stricter.
 */

/** Whether `next`, a `neutral` or `success`, replaces `failure`: reviewed, from a read at least as recent. */
function replacesFailure(next, failure) {
    return next.reviewed && next.read >= failure.read;
}
/** The verdict that stands among one pull request's records (of one app); undefined for none. */
function standingVerdict(records) {
    // In the order they were decided; at a tie, the stricter last, so it stands.
    const ordered = [...records].sort((a, b) => a.at - b.at || verdict_records/* STRICTNESS */.th[a.conclusion] - verdict_records/* STRICTNESS */.th[b.conclusion]);
    let decided;
    for (const record of ordered) {
        if (record.pending)
            continue;
        if (decided === undefined || record.conclusion === 'failure' || decided.conclusion !== 'failure' || replacesFailure(record, decided))
            decided = record;
    }
    // A start that no decision from a read at least as recent followed: its run is still going (or stopped without a word).
    const unfinished = ordered
        .filter((start) => start.pending && !ordered.some((d) => !d.pending && d.read >= start.read && d.at >= start.at))
        .reduce((newest, start) => (newest === undefined || start.read > newest.read ? start : newest), undefined);
    if (unfinished !== undefined && decided?.conclusion !== 'failure')
        return unfinished;
    return decided;
}
/**
 * The verdict that stands for each pull request that `runs` record, with `own` — this run's
 * verdict, about to be written — taken as the newest record of its pull request. Callers pass the
 * runs of one app once they know the app their token writes as.
 */
function latestVerdicts(runs, own) {
    const perApp = new Map();
    for (const run of runs) {
        const verdict = (0,verdict_records/* readVerdictRecord */.hR)(run.summary);
        if (verdict === undefined)
            continue;
        const ofApp = perApp.get(run.appId) ?? new Map();
        perApp.set(run.appId, ofApp);
        ofApp.set(verdict.pr, [...(ofApp.get(verdict.pr) ?? []), verdict]);
    }
    if (own !== undefined) {
        if (perApp.size === 0)
            perApp.set(undefined, new Map());
        for (const ofApp of perApp.values())
            ofApp.set(own.pr, [...(ofApp.get(own.pr) ?? []), own]);
    }
    const latest = new Map();
    for (const ofApp of perApp.values()) {
        for (const [pr, records] of ofApp) {
            const standing = standingVerdict(records);
            const known = latest.get(pr);
            if (standing !== undefined && (known === undefined || verdict_records/* STRICTNESS */.th[standing.conclusion] > verdict_records/* STRICTNESS */.th[known.conclusion]))
                latest.set(pr, standing);
        }
    }
    return latest;
}

// EXTERNAL MODULE: ./src/write/check-run/upsert.ts
var upsert = __webpack_require__(5729);
;// CONCATENATED MODULE: ./src/write/check-run/commit-check-run.ts
/**
 * Writes a pull request's check run on its head commit so that it holds for every open pull
 * request headed by that commit (see verdict-records.ts for the record each check run carries).
 *
 * 1. The check runs of the name on the commit are listed (the upsert lists them anyway). Their
 *    records, with this run's own verdict as the newest, give the verdict that stands for each
 *    pull request (verdict-fold.ts): this run's own, or an earlier failure of its pull request it
 *    does not replace. Another pull request's verdict counts only while it is still open with this
 *    commit as its head, which GitHub is asked (one request per such pull request, so none in the
 *    common case of one pull request per commit); a passing one counts only against the base that
 *    pull request has now, else it is not judged there.
 * 2. The check run is written with the strictest conclusion: the one this run started
 *    `in_progress` (started.ts) is completed with it. Without one, a check run another pull
 *    request's run wrote is never updated — a new one is created instead — so no run overwrites
 *    another's record; this run's own earlier check run is updated as before.
 * 3. Read back: GitHub's answer named the app the token writes as, so from here only that app's
 *    check runs count (when review-gate writes as a GitHub App, a workflow job's check run is
 *    another app's, whatever its name and marker). When the newest of them does not conclude, and is not titled, as the merge of all
 *    of them says — a racing run of another pull request wrote meanwhile — the merge is written
 *    again, a bounded number of times. Two racing runs converge: the one that wrote last sees the
 *    other's record.
 */







/** Writes after the first at most, each after a read back showed a racing run made the check stale. */
const MAX_REWRITES = 3;
/** Other pull requests checked against GitHub per run; past it a stricter verdict counts unchecked (fail closed). */
const MAX_CHECKED_PULLS = 10;
async function writeCommitCheckRun(context, repository, own, owner, deps = {}) {
    const { log } = context;
    const { pr } = owner;
    const verdict = { ...owner, conclusion: own.conclusion, title: own.title, at: (deps.now ?? Date.now)(), pending: false };
    const stillHere = openAtHead(context, repository, own.headSha);
    /**
     * The content for the commit, from the records of `runs` and this run's verdict. Other pull
     * requests are checked strictest first; past the bound, only a stricter verdict still counts.
     */
    async function merged(runs) {
        const latest = latestVerdicts(runs, verdict);
        const standing = latest.get(pr) ?? verdict;
        const others = [...latest.values()]
            .filter((v) => v.pr !== pr)
            .sort((a, b) => verdict_records/* STRICTNESS */.th[b.conclusion] - verdict_records/* STRICTNESS */.th[a.conclusion] || a.pr - b.pr);
        const kept = [];
        for (const [i, other] of others.entries()) {
            if (i >= MAX_CHECKED_PULLS) {
                if (verdict_records/* STRICTNESS */.th[other.conclusion] > verdict_records/* STRICTNESS */.th[standing.conclusion])
                    kept.push(other);
                continue;
            }
            const pull = await stillHere(other.pr);
            if (pull === 'gone')
                continue;
            kept.push(pull === 'unknown' ? other : againstItsBase(other, pull));
        }
        const heldBy = kept.filter((v) => verdict_records/* STRICTNESS */.th[v.conclusion] > verdict_records/* STRICTNESS */.th[own.conclusion]).sort((a, b) => a.pr - b.pr);
        const content = commitCheckContent(own, verdict, standing, kept.sort((a, b) => a.pr - b.pr));
        return { content, heldBy, ...(standing === verdict ? {} : { earlier: { verdict, standing } }) };
    }
    const nextInRun = (run) => {
        const record = (0,verdict_records/* readVerdictRecord */.hR)(run.summary);
        return run.status === 'in_progress' && record?.pending === true && (deps.judgedNext?.has(record.pr) ?? false);
    };
    /**
     * A check run may be updated only when its record is this pull request's, its run is over, and
     * dropping its record changes nothing that stands: a record is the history the next run decides
     * from (a reviewed failure a skip must not replace, say), never overwritten while it counts.
     * Otherwise a new check run is created, and becomes the newest.
     */
    const reusable = (runs) => (run) => {
        if (run.status !== 'completed' || !latestVerdicts([run]).has(pr))
            return false;
        const standing = (from) => JSON.stringify(latestVerdicts(from, verdict).get(pr));
        return standing(runs.filter((other) => other.id !== run.id)) === standing(runs);
    };
    const before = await (0,upsert/* listOwnCheckRuns */.Fp)(context, repository, own.name, own.headSha);
    const first = await merged(before);
    let written = await (0,upsert.upsertCheckRun)(context, repository, first.content, { listed: before, reusable: reusable(before), ...(deps.started === undefined ? {} : { started: deps.started }) });
    if (written.kind === 'read-only')
        return written;
    const app = written.appId;
    const sameApp = (run) => app === undefined || run.appId === app;
    for (let rewrites = 0;; rewrites++) {
        const listed = (await (0,upsert/* listOwnCheckRuns */.Fp)(context, repository, own.name, own.headSha)).filter(sameApp);
        const { content, ...held } = await merged(listed);
        const newest = (0,upsert/* newestOf */.su)(listed);
        // None listed: GitHub does not show the write yet; writing again would only add a copy.
        if (newest === undefined || (newest.status === 'completed' && newest.conclusion === content.conclusion && newest.title === content.title) || nextInRun(newest)) {
            return { ...written, conclusion: content.conclusion, ...held };
        }
        if (rewrites >= MAX_REWRITES) {
            log?.warning(`The check run '${own.name}' on ${(0,object_name/* shortSha */.F)(own.headSha)} still changed under racing runs after ${MAX_REWRITES} rewrites; ` +
                `by the verdicts recorded there it concludes ${content.conclusion}`);
            return { ...written, conclusion: content.conclusion, ...held };
        }
        log?.info(`Another run wrote the check run '${own.name}' on ${(0,object_name/* shortSha */.F)(own.headSha)} meanwhile; writing the verdicts of both (${content.conclusion})`);
        written = await (0,upsert.upsertCheckRun)(context, repository, content, { listed, considered: sameApp, reusable: reusable(listed) });
        if (written.kind === 'read-only')
            return written;
    }
}
/**
 * Whether a pull request still counts at the commit: `gone` when it is closed, pushed to since or
 * not found; `unknown` when GitHub could not say (its stricter verdict then stays: fail closed);
 * else GitHub's pull request. Each pull request is asked once per run.
 */
function openAtHead(context, repository, headSha) {
    const { log } = context;
    const checked = new Map();
    return (number) => {
        let answer = checked.get(number);
        if (answer === undefined) {
            answer = (0,pull_head/* readPullRequest */.DQ)(context.octokit, { ...repository, number }).then((pull) => {
                if (pull.state === 'open' && pull.headSha === headSha)
                    return pull;
                const why = pull.state === 'open' ? `its head moved to ${(0,object_name/* shortSha */.F)(pull.headSha)}` : 'it is closed';
                log?.info(`The verdict of #${number} recorded on ${(0,object_name/* shortSha */.F)(headSha)} no longer counts: ${why}`);
                return 'gone';
            }, (error) => {
                if (error instanceof pull_head/* PullRequestNotFoundError */.k4)
                    return 'gone';
                log?.warning(`Could not check whether #${number} is still open at ${(0,object_name/* shortSha */.F)(headSha)} (${(0,github_errors/* describeGitHubError */.dZ)(error)}); its verdict there counts`);
                return 'unknown';
            });
            checked.set(number, answer);
        }
        return answer;
    };
}
/**
 * A passing verdict holds only against the base it was judged against: a pull request retargeted
 * since (or whose record does not name its base) is not judged at its current base, and holds the
 * check like one whose review has not finished.
 */
function againstItsBase(verdict, pull) {
    if (verdict.pending || verdict.conclusion === 'failure' || verdict.base === pull.baseRef)
        return verdict;
    const was = verdict.base === undefined ? 'a base its record does not name' : verdict.base;
    return {
        ...verdict,
        conclusion: 'failure',
        pending: true,
        title: `Not judged against its current base ${pull.baseRef}: its verdict at this commit (${verdict.title}) was against ${was}`,
    };
}

;// CONCATENATED MODULE: ./src/write/check-run/write.ts
/**
 * Writing the check run: holding for every open pull request the commit heads
 * (commit-check-run.ts), and never throwing: a refused or failed write is data the later
 * surfaces show, and the verdict stands.
 *
 * A merge group's head is the queue's own commit: no pull request heads it, so no other verdict
 * can share its check run, and its check run carries no verdict record (the records are per pull
 * request, and the queue commit has none). It is written on its own, updated by a re-run of the
 * same group like any of review-gate's check runs.
 */








/**
 * Whether a run stopped by `error` should still try to fail its check run. Not when GitHub gave
 * no answer in time: the check run would wait out the same timeouts and retries again, for a
 * write that would most likely get no answer either (the job fails either way).
 */
function canReportStop(error) {
    for (let cause = error, depth = 0; cause !== undefined && depth < 10; depth++) {
        if (cause instanceof octokit/* GitHubTimeoutError */.Dr)
            return false;
        if (cause instanceof github_errors/* GitHubApiError */.OS && cause.status === undefined)
            return false;
        cause = cause instanceof Error ? cause.cause : undefined;
    }
    return true;
}
/** The one line for a token that may not write check runs: which permission to add. */
function checksPermissionMessage(pr, status, githubMessage) {
    return (`No check run was written on ${(0,object_name/* shortSha */.F)(pr.headSha)}: the GitHub token may not write check runs in ${pr.owner}/${pr.repo} ` +
        `(GitHub answered ${status ?? 'nothing'}: ${githubMessage}). Add \`checks: write\` to the job's permissions; ` +
        'a pull request from a fork gets a read-only token (see "Pull requests from forks" in the README). The verdict stands');
}
/**
 * Writes the check run, holding for every open pull request the commit heads (see
 * commit-check-run.ts), or a merge group's own; never throws: how it ended is data the other
 * surfaces show.
 */
async function publishCheckRun(context, pr, content, log, 
/** `facts`: what a pull request's verdict rests on, recorded with it (ignored for a merge group). */
deps) {
    let report;
    let conclusion = content.conclusion;
    try {
        const written = await writeFor(context, pr, content, deps);
        if (written.kind === 'read-only')
            report = { kind: 'read-only', message: checksPermissionMessage(pr, written.status, written.githubMessage) };
        else {
            const { kind, created, id, url, annotations, heldBy, earlier } = written;
            conclusion = written.conclusion;
            if (earlier !== undefined)
                log.warning(`The check run on ${(0,object_name/* shortSha */.F)(content.headSha)} stays ${conclusion}: ${whyItStands(earlier.verdict, earlier.standing, (title) => title)}`);
            report = { kind, created, id, ...(url === undefined ? {} : { url }), annotations };
            const held = heldBy.flatMap((v) => (v.conclusion === 'success' ? [] : [{ pr: v.pr, conclusion: v.conclusion, title: v.title }]));
            if (held.length > 0)
                report.heldBy = held;
        }
    }
    catch (error) {
        report = { kind: 'failed', message: `the check run could not be written to GitHub: ${(0,errors/* describeError */.Uc)(error)}` };
    }
    if (report.kind === 'read-only' || report.kind === 'failed')
        log.warning(report.message);
    else if (report.kind === 'written') {
        log.info(`Check run '${content.name}' ${report.created ? 'created' : 'updated'} on ${(0,object_name/* shortSha */.F)(content.headSha)}: ${conclusion}, ` +
            `${report.annotations} annotations${report.url === undefined ? '' : `: ${report.url}`}`);
    }
    return report;
}
async function writeFor(context, target, content, deps) {
    const repository = { owner: target.owner, repo: target.repo };
    const { facts, ...rest } = deps;
    if (!(0,pull_request/* isMergeGroup */.aF)(target))
        return writeCommitCheckRun(context, repository, content, { pr: target.number, ...facts }, rest);
    const written = await (0,upsert.upsertCheckRun)(context, repository, content, deps.started === undefined ? {} : { started: deps.started });
    return written.kind === 'read-only' ? written : { ...written, conclusion: content.conclusion, heldBy: [] };
}


/***/ })

};
