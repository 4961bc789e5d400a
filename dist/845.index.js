export const id = 845;
export const ids = [845];
export const modules = {

/***/ 142:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   TU: () => (/* binding */ COMMIT_SECTION_RESERVE),
/* harmony export */   X7: () => (/* binding */ commitCheckContent),
/* harmony export */   th: () => (/* binding */ STRICTNESS),
/* harmony export */   yc: () => (/* binding */ latestVerdicts)
/* harmony export */ });
/* unused harmony exports MAX_SHOWN_PULLS, verdictRecord, readVerdictRecord */
/* harmony import */ var _summary_summary__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5245);
/* harmony import */ var _report_markdown_sanitize__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9575);
/* harmony import */ var _domain_object_name__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4229);



/** How strict a conclusion is: branch protection passes `success` and `neutral`, never `failure`. */
const STRICTNESS = { success: 0, neutral: 1, failure: 2 };
const RECORD_START = '<!-- review-gate:verdict ';
const RECORD_END = ' -->';
const MAX_TITLE = 255;
/** Other pull requests shown in a summary; more than that at one commit is listed in one line. */
const MAX_SHOWN_PULLS = 20;
/**
 * Room the commit's section and the record take in a check run's summary (GitHub allows 65,535
 * characters): the run's own summary is rendered within the rest.
 */
const COMMIT_SECTION_RESERVE = 8_000;
/**
 * The record line. JSON with `<`, `>`, `&` and `-` escaped, so nothing in a title can end the
 * HTML comment or start another.
 */
function verdictRecord(verdict) {
    const json = JSON.stringify({ v: 1, pr: verdict.pr, conclusion: verdict.conclusion, title: (0,_report_markdown_sanitize__WEBPACK_IMPORTED_MODULE_1__/* .plainText */ .wh)(verdict.title, MAX_TITLE), at: verdict.at });
    return `${RECORD_START}${json.replace(/[<>&-]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}${RECORD_END}`;
}
/** The record on the last line of a summary; undefined when there is none or it is malformed. */
function readVerdictRecord(summary) {
    if (typeof summary !== 'string')
        return undefined;
    const body = summary.trimEnd();
    const start = body.lastIndexOf(RECORD_START);
    if (start < 0 || !body.endsWith(RECORD_END))
        return undefined;
    const json = body.slice(start + RECORD_START.length, body.length - RECORD_END.length);
    if (json.includes('\n'))
        return undefined;
    let parsed;
    try {
        parsed = JSON.parse(json);
    }
    catch {
        return undefined;
    }
    if (typeof parsed !== 'object' || parsed === null)
        return undefined;
    const { v, pr, conclusion, title, at } = parsed;
    if (v !== 1 || !Number.isSafeInteger(pr) || pr < 1)
        return undefined;
    if (conclusion !== 'success' && conclusion !== 'failure' && conclusion !== 'neutral')
        return undefined;
    if (typeof title !== 'string' || typeof at !== 'number' || !Number.isFinite(at))
        return undefined;
    return { pr: pr, conclusion, title: (0,_report_markdown_sanitize__WEBPACK_IMPORTED_MODULE_1__/* .plainText */ .wh)(title, MAX_TITLE), at };
}
/**
 * The verdict of each pull request that `runs` record: the newest per app (by `at`; the stricter
 * on a tie), then the strictest across apps. Callers pass the runs of one app once they know the
 * app their token writes as; before that, runs of several apps can only make a verdict stricter.
 */
function latestVerdicts(runs) {
    const perApp = new Map();
    for (const run of runs) {
        const verdict = readVerdictRecord(run.summary);
        if (verdict === undefined)
            continue;
        const ofApp = perApp.get(run.appId) ?? new Map();
        perApp.set(run.appId, ofApp);
        const known = ofApp.get(verdict.pr);
        if (known === undefined || verdict.at > known.at || (verdict.at === known.at && stricter(verdict, known)))
            ofApp.set(verdict.pr, verdict);
    }
    const latest = new Map();
    for (const ofApp of perApp.values()) {
        for (const verdict of ofApp.values()) {
            const known = latest.get(verdict.pr);
            if (known === undefined || stricter(verdict, known))
                latest.set(verdict.pr, verdict);
        }
    }
    return latest;
}
const stricter = (a, b) => STRICTNESS[a.conclusion] > STRICTNESS[b.conclusion];
/**
 * The check run for the commit. Alone at the commit, the run's own content. With other open pull
 * requests there (`others`, checked by the caller), the strictest conclusion of all of them, a
 * title naming the pull requests that hold it, and above the run's own summary a table of every
 * verdict at the commit. Either way the summary ends with the record of this run's own verdict.
 */
function commitCheckContent(own, verdict, others) {
    const record = verdictRecord(verdict);
    if (others.length === 0)
        return { ...own, summary: `${own.summary.trimEnd()}\n\n${record}\n` };
    const all = [verdict, ...others];
    const conclusion = all.reduce((c, v) => (STRICTNESS[v.conclusion] > STRICTNESS[c] ? v.conclusion : c), 'success');
    const holders = all.filter((v) => v.conclusion === conclusion).sort((a, b) => a.pr - b.pr);
    const first = holders[0];
    const who = `${names(holders)} ${VERB[conclusion][holders.length === 1 ? 0 : 1]}`;
    const reason = withoutWord(first.title);
    const title = (0,_report_markdown_sanitize__WEBPACK_IMPORTED_MODULE_1__/* .plainText */ .wh)(`${word(conclusion)}: ${who} at this commit${reason === '' ? '' : `: ${reason}`}`, MAX_TITLE);
    const shown = [verdict, ...others.slice(0, MAX_SHOWN_PULLS)].sort((a, b) => a.pr - b.pr);
    const rows = shown.map((v) => `| #${v.pr}${v.pr === verdict.pr ? ' (this run)' : ''} | ${emoji(v.conclusion)} ${(0,_report_markdown_sanitize__WEBPACK_IMPORTED_MODULE_1__/* .tableCell */ .xR)(v.title, MAX_TITLE + 20)} |`);
    const more = others.length > MAX_SHOWN_PULLS ? ['', `And ${others.length - MAX_SHOWN_PULLS} more pull requests at this commit.`] : [];
    const summary = [
        `## ${heading(conclusion)}: ${who} at this commit`,
        '',
        `Commit \`${(0,_domain_object_name__WEBPACK_IMPORTED_MODULE_2__/* .shortSha */ .F)(own.headSha)}\` is the head of more than one open pull request. A check run belongs to the commit, not to a ` +
            'pull request, so this one shows the strictest of their verdicts: it cannot pass one pull request while another fails at the same commit.',
        '',
        `| pull request | verdict at \`${(0,_domain_object_name__WEBPACK_IMPORTED_MODULE_2__/* .shortSha */ .F)(own.headSha)}\` |`,
        '|---|---|',
        ...rows,
        ...more,
        '',
        `The review of #${verdict.pr} follows.`,
        '',
        '---',
        '',
        own.summary.trimEnd(),
        '',
        record,
        '',
    ].join('\n');
    return { ...own, conclusion, title, summary };
}
const VERB = {
    failure: ['fails', 'fail'],
    neutral: ['is neutral', 'are neutral'],
    success: ['passes', 'pass'],
};
/** The gate's result each conclusion stands for, so the words are the summary's own (`❌ Failed`). */
const RESULT = { success: 'passed', failure: 'failed', neutral: 'neutral' };
const heading = (c) => _summary_summary__WEBPACK_IMPORTED_MODULE_0__/* .VERDICT_HEADING */ .pD[RESULT[c]];
const word = (c) => heading(c).replace(/^\S+\s/, '');
const emoji = (c) => heading(c).split(' ')[0] ?? '';
/** `Failed: 1 error finding…` → `1 error finding…`; `Passed` → ``. */
const withoutWord = (title) => {
    const prefix = ['failure', 'neutral', 'success'].map(word).find((w) => title === w || title.startsWith(`${w}: `));
    return prefix === undefined ? title : title.slice(prefix.length + 2);
};
function names(verdicts) {
    const all = verdicts.map((v) => `#${v.pr}`);
    return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1) ?? ''}`;
}


/***/ }),

/***/ 2845:
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
// EXTERNAL MODULE: ./src/publish/check-run/verdict-records.ts
var verdict_records = __webpack_require__(142);
// EXTERNAL MODULE: ./src/github/entry-shape.ts
var entry_shape = __webpack_require__(223);
// EXTERNAL MODULE: ./src/github/paged-list.ts
var paged_list = __webpack_require__(4627);
;// CONCATENATED MODULE: ./src/publish/check-run/upsert.ts
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




/** Marks check runs review-gate wrote: a job's own check run may carry the same name. */
const CHECK_RUN_EXTERNAL_ID = 'review-gate';
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
    const where = `check run '${content.name}' on ${(0,object_name/* shortSha */.F)(content.headSha)}`;
    /** Check runs not to update: stale annotations, not ours to edit, or not this write's to reuse. */
    const passedOver = new Set();
    let createSends = 0;
    let listed = options.listed;
    try {
        for (;;) {
            const considered = (listed ?? (await listOwnCheckRuns(context, repository, content.name, content.headSha))).filter(options.considered ?? (() => true));
            // Listed afresh from here on: after a lost answer, to see what landed.
            listed = undefined;
            const newest = newestOf(considered);
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
                    if (!(0,github_errors/* isWriteRefused */.c$)(error) || createSends > 0)
                        throw error;
                    log?.debug(`The ${where} (${newest.id}) cannot be edited (GitHub answered ${(0,github_errors/* requestStatus */.G2)(error)}); creating one`);
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
                log?.warning(`GitHub answered ${(0,github_errors/* requestStatus */.G2)(error) ?? 'nothing'} to the ${where}; checking whether it was created before sending it again`);
                continue;
            }
            await sendBatches(context, repository, created.id, content, rest.flat(), false);
            return { kind: 'written', created: true, id: created.id, ...urlOf(created), annotations: content.annotations.length, appId: created.appId };
        }
    }
    catch (error) {
        if ((0,github_errors/* isWriteRefused */.c$)(error))
            return { kind: 'read-only', status: (0,github_errors/* requestStatus */.G2)(error), githubMessage: (0,github_errors/* describeGitHubError */.dZ)(error) };
        throw error instanceof github_errors/* GitHubApiError */.OS || error instanceof github_errors/* GitHubListError */.IX ? error : new github_errors/* GitHubApiError */.OS(`Writing the ${where}`, error);
    }
}
function fields(content) {
    return {
        status: 'completed',
        conclusion: content.conclusion,
        external_id: CHECK_RUN_EXTERNAL_ID,
        ...(content.detailsUrl === undefined ? {} : { details_url: content.detailsUrl }),
    };
}
const urlOf = (listed) => (listed.url === undefined ? {} : { url: listed.url });
/** A write that may have landed although its answer was lost. */
function isLost(error) {
    const status = (0,github_errors/* requestStatus */.G2)(error);
    return status === undefined || status >= 500;
}
/** The fields of a listed check run review-gate reads. */
const CHECK_RUN = (0,entry_shape/* object */.Ik)({
    id: entry_shape/* integer */.nd,
    name: entry_shape/* string */.Yj,
    external_id: (0,entry_shape/* optional */.lq)(entry_shape/* string */.Yj),
    html_url: (0,entry_shape/* optional */.lq)(entry_shape/* string */.Yj),
    conclusion: (0,entry_shape/* optional */.lq)(entry_shape/* string */.Yj),
    app: (0,entry_shape/* optional */.lq)((0,entry_shape/* object */.Ik)({ id: entry_shape/* integer */.nd })),
    output: (0,entry_shape/* optional */.lq)((0,entry_shape/* object */.Ik)({ title: (0,entry_shape/* optional */.lq)(entry_shape/* string */.Yj), summary: (0,entry_shape/* optional */.lq)(entry_shape/* string */.Yj) })),
});
/** The fields of a listed annotation review-gate compares; an annotation has no id, and two equal ones are two. */
const ANNOTATION = (0,entry_shape/* object */.Ik)({
    path: entry_shape/* string */.Yj,
    start_line: entry_shape/* integer */.nd,
    end_line: entry_shape/* integer */.nd,
    annotation_level: (0,entry_shape/* optional */.lq)(entry_shape/* string */.Yj),
    title: (0,entry_shape/* optional */.lq)(entry_shape/* string */.Yj),
    message: (0,entry_shape/* optional */.lq)(entry_shape/* string */.Yj),
});
/** review-gate's check runs of `name` on `headSha`: a job's own check run may carry the same name, but not our marker. */
async function listOwnCheckRuns({ octokit }, repository, name, headSha) {
    const runs = await (0,paged_list/* readRestList */.rc)({ what: `the check runs named '${name}' on ${(0,object_name/* shortSha */.F)(headSha)}`, entry: CHECK_RUN, identity: (run) => `check run ${run.id}`, perPage: 100 }, (page) => octokit.rest.checks.listForRef({ ...repository, ref: headSha, check_name: name, filter: 'all', per_page: 100, page }), 
    // GitHub wraps this list: `{ total_count, check_runs: […] }` on every page.
    (data) => (typeof data === 'object' && data !== null && 'check_runs' in data ? data.check_runs : data));
    return runs
        .filter((run) => run.name === name && run.external_id === CHECK_RUN_EXTERNAL_ID)
        .map((run) => ({
        id: run.id,
        url: run.html_url,
        appId: run.app?.id,
        conclusion: run.conclusion ?? null,
        title: run.output?.title ?? null,
        summary: run.output?.summary ?? null,
    }));
}
/** The newest check run: GitHub shows, and branch protection reads, the newest of a name. */
function newestOf(runs) {
    return runs.reduce((best, run) => (best === undefined || run.id > best.id ? run : best), undefined);
}
async function annotationKeys({ octokit }, repository, id) {
    const listed = await (0,paged_list/* readRestList */.rc)({ what: `the annotations of check run ${id}`, entry: ANNOTATION, perPage: 100 }, (page) => octokit.rest.checks.listAnnotations({ ...repository, check_run_id: id, per_page: 100, page }));
    // Compared as GitHub stores them: an unknown level simply matches nothing we send.
    return listed.map((a) => JSON.stringify([a.path, a.start_line, a.end_line, a.annotation_level ?? '', a.title ?? '', a.message ?? '']));
}
/**
 * The conclusion, title and summary, then `pending` 50 at a time. `withFields`: the first
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
            context.log?.warning(`GitHub answered ${(0,github_errors/* requestStatus */.G2)(error) ?? 'nothing'} to an update of check run ${id}; listing its annotations before going on`);
            left = missingAnnotations(content.annotations, await annotationKeys(context, repository, id)).missing;
        }
    }
}

;// CONCATENATED MODULE: ./src/publish/check-run/commit-check-run.ts
/**
 * Writes a pull request's check run on its head commit so that it holds for every open pull
 * request headed by that commit (see verdict-records.ts for the record each check run carries).
 *
 * 1. The check runs of the name on the commit are listed (the upsert lists them anyway). Their
 *    records give each pull request's newest verdict. Another pull request's verdict counts only
 *    while it is still open with this commit as its head, which GitHub is asked (one request per
 *    such pull request, so none in the common case of one pull request per commit).
 * 2. The check run is written with the strictest conclusion. A check run another pull request's
 *    run wrote is never updated — a new one is created instead — so no run overwrites another's
 *    record; this run's own earlier check run is updated as before.
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
async function writeCommitCheckRun(context, repository, own, pr, deps = {}) {
    const { log } = context;
    const verdict = { pr, conclusion: own.conclusion, title: own.title, at: (deps.now ?? Date.now)() };
    const checked = new Map();
    /** Whether pull request `number` still counts at this commit: open, with it as its head. */
    const stillHere = (number) => {
        let answer = checked.get(number);
        if (answer === undefined) {
            answer = (0,pull_head/* readPullRequest */.DQ)(context.octokit, { ...repository, number }).then((pull) => {
                const here = pull.state === 'open' && pull.headSha === own.headSha;
                if (!here) {
                    const why = pull.state === 'open' ? `its head moved to ${(0,object_name/* shortSha */.F)(pull.headSha)}` : 'it is closed';
                    log?.info(`The verdict of #${number} recorded on ${(0,object_name/* shortSha */.F)(own.headSha)} no longer counts: ${why}`);
                }
                return here;
            }, (error) => {
                if (error instanceof pull_head/* PullRequestNotFoundError */.k4)
                    return false;
                // Unknown is not "gone": the stricter verdict stays (fail closed).
                log?.warning(`Could not check whether #${number} is still open at ${(0,object_name/* shortSha */.F)(own.headSha)} (${(0,github_errors/* describeGitHubError */.dZ)(error)}); its verdict there counts`);
                return true;
            });
            checked.set(number, answer);
        }
        return answer;
    };
    /**
     * The content for the commit, from the records of `runs` and this run's verdict. Other pull
     * requests are checked strictest first; past the bound, only a stricter verdict still counts.
     */
    async function merged(runs) {
        const others = [...(0,verdict_records/* latestVerdicts */.yc)(runs).values()]
            .filter((v) => v.pr !== pr)
            .sort((a, b) => verdict_records/* STRICTNESS */.th[b.conclusion] - verdict_records/* STRICTNESS */.th[a.conclusion] || a.pr - b.pr);
        const kept = [];
        for (const [i, other] of others.entries()) {
            const counts = i < MAX_CHECKED_PULLS ? await stillHere(other.pr) : verdict_records/* STRICTNESS */.th[other.conclusion] > verdict_records/* STRICTNESS */.th[own.conclusion];
            if (counts)
                kept.push(other);
        }
        const heldBy = kept.filter((v) => verdict_records/* STRICTNESS */.th[v.conclusion] > verdict_records/* STRICTNESS */.th[own.conclusion]).sort((a, b) => a.pr - b.pr);
        return { content: (0,verdict_records/* commitCheckContent */.X7)(own, verdict, kept.sort((a, b) => a.pr - b.pr)), heldBy };
    }
    /** A check run this pull request's runs wrote may be updated; another's never. */
    const ours = (run) => (0,verdict_records/* latestVerdicts */.yc)([run]).has(pr);
    const before = await listOwnCheckRuns(context, repository, own.name, own.headSha);
    let written = await upsertCheckRun(context, repository, (await merged(before)).content, { listed: before, reusable: ours });
    if (written.kind === 'read-only')
        return written;
    const app = written.appId;
    const sameApp = (run) => app === undefined || run.appId === app;
    for (let rewrites = 0;; rewrites++) {
        const listed = (await listOwnCheckRuns(context, repository, own.name, own.headSha)).filter(sameApp);
        const { content, heldBy } = await merged(listed);
        const newest = newestOf(listed);
        // None listed: GitHub does not show the write yet; writing again would only add a copy.
        if (newest === undefined || (newest.conclusion === content.conclusion && newest.title === content.title)) {
            return { ...written, conclusion: content.conclusion, heldBy };
        }
        if (rewrites >= MAX_REWRITES) {
            log?.warning(`The check run '${own.name}' on ${(0,object_name/* shortSha */.F)(own.headSha)} still changed under racing runs after ${MAX_REWRITES} rewrites; ` +
                `by the verdicts recorded there it concludes ${content.conclusion}`);
            return { ...written, conclusion: content.conclusion, heldBy };
        }
        log?.info(`Another run wrote the check run '${own.name}' on ${(0,object_name/* shortSha */.F)(own.headSha)} meanwhile; writing the verdicts of both (${content.conclusion})`);
        written = await upsertCheckRun(context, repository, content, { listed, considered: sameApp, reusable: ours });
        if (written.kind === 'read-only')
            return written;
    }
}

;// CONCATENATED MODULE: ./src/publish/check-run/write.ts
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
async function publishCheckRun(context, pr, content, log, deps = {}) {
    let report;
    let conclusion = content.conclusion;
    try {
        const written = await writeFor(context, pr, content, deps);
        if (written.kind === 'read-only')
            report = { kind: 'read-only', message: checksPermissionMessage(pr, written.status, written.githubMessage) };
        else {
            const { kind, created, id, url, annotations, heldBy } = written;
            conclusion = written.conclusion;
            report = { kind, created, id, ...(url === undefined ? {} : { url }), annotations };
            const held = heldBy.flatMap((v) => (v.conclusion === 'success' ? [] : [{ pr: v.pr, conclusion: v.conclusion, title: v.title }]));
            if (held.length > 0)
                report.heldBy = held;
        }
    }
    catch (error) {
        report = { kind: 'failed', message: `the check run could not be written to GitHub: ${(0,errors/* describeError */.U)(error)}` };
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
    if (!(0,pull_request/* isMergeGroup */.aF)(target))
        return writeCommitCheckRun(context, repository, content, target.number, deps);
    const written = await upsertCheckRun(context, repository, content);
    return written.kind === 'read-only' ? written : { ...written, conclusion: content.conclusion, heldBy: [] };
}


/***/ })

};
