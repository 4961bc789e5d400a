export const id = 729;
export const ids = [729];
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


/***/ })

};
