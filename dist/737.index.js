export const id = 737;
export const ids = [737];
export const modules = {

/***/ 4870:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $u: () => (/* binding */ listReviewComments),
/* harmony export */   g$: () => (/* binding */ removeDuplicateComments),
/* harmony export */   io: () => (/* binding */ listOwnInlineComments)
/* harmony export */ });
/* unused harmony exports EMPTIED_REVIEW_BODY, planDuplicateRemoval */
/* harmony import */ var _domain_markers__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(999);
/* harmony import */ var _github_errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3116);
/* harmony import */ var _domain_shape__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2853);
/* harmony import */ var _github_paged_list__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4627);
/* harmony import */ var _identity__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1797);
/**
 * Inline comments duplicated by a racing run. Two runs on one pull request can both list the
 * comments before either review lands, and both post the same findings: the fingerprint check
 * cannot see a review still in flight. After posting, the run lists again and converges: for each
 * fingerprint the OLDEST copy (lowest id) stays and newer copies are deleted. Every run that lists
 * picks the same copies, so racing runs converge (a copy already deleted answers 404, as wanted),
 * and the run whose review landed last always lists after both and cleans up.
 *
 * A run that could not learn its identity (identity.ts) recognises none of its comments and posts
 * them again; the next run that knows it removes those copies by the same rule.
 *
 * A submitted review cannot be deleted; one left without comments gets a body saying why.
 */





/** The fields of a listed review comment review-gate reads (a reply has `in_reply_to_id`). */
const REVIEW_COMMENT = (0,_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ik)({
    id: _domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .integer */ .nd,
    body: _domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .string */ .Yj,
    path: _domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .string */ .Yj,
    in_reply_to_id: (0,_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lq)(_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .integer */ .nd),
    line: (0,_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lq)(_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .integer */ .nd),
    original_line: (0,_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lq)(_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .integer */ .nd),
    author_association: _domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .string */ .Yj,
    user: _identity__WEBPACK_IMPORTED_MODULE_3__/* .COMMENT_AUTHOR */ .ik,
    pull_request_review_id: (0,_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .nullable */ .me)(_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .integer */ .nd),
    html_url: (0,_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lq)(_domain_shape__WEBPACK_IMPORTED_MODULE_1__/* .string */ .Yj),
});
/** Every review comment on the pull request, replies included; pending reviews' comments are not listed. */
async function listReviewComments(octokit, pr) {
    return (0,_github_paged_list__WEBPACK_IMPORTED_MODULE_2__/* .readRestList */ .rc)({ what: `the review comments of ${(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .describePr */ .WF)(pr)}`, entry: REVIEW_COMMENT, identity: (c) => `comment ${c.id}`, perPage: 100 }, (page) => octokit.rest.pulls.listReviewComments({ owner: pr.owner, repo: pr.repo, pull_number: pr.number, per_page: 100, page })).catch((error) => {
        throw (0,_github_paged_list__WEBPACK_IMPORTED_MODULE_2__/* .wrapListFailure */ .zz)(`Listing the review comments of ${(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .describePr */ .WF)(pr)}`, error);
    });
}
/** Our inline comments on the pull request (see identity.ts). Pending reviews' comments are not listed. */
async function listOwnInlineComments(octokit, trusted, pr) {
    const comments = await listReviewComments(octokit, pr);
    const ours = await Promise.all(comments.map((comment) => trusted(comment.user)));
    const replied = new Set(comments.flatMap((comment, i) => (ours[i] !== true && comment.in_reply_to_id !== undefined ? [comment.in_reply_to_id] : [])));
    return comments
        .filter((_, i) => ours[i] === true)
        .map((comment) => ({
        id: comment.id,
        reviewId: comment.pull_request_review_id,
        fingerprints: (0,_domain_markers__WEBPACK_IMPORTED_MODULE_4__/* .extractFingerprints */ .JB)(comment.body),
        ...(replied.has(comment.id) ? { replied: true } : {}),
        ...(comment.html_url === undefined ? {} : { url: comment.html_url }),
        ...(comment.line === undefined ? {} : { place: `${comment.path}:${comment.line}` }),
    }));
}
/** Body of a review whose comments all repeated an older review's and were deleted. */
const EMPTIED_REVIEW_BODY = 'review-gate: the inline comments of this review repeated those of an earlier review (posted by a run that raced this one, or by one that could not tell its own comments) and were removed; the earlier review has them.';
/**
 * A copy is a newer comment with the same fingerprints: a racing run posted the finding too, on
 * this commit or on a newer one where its line moved. Comments someone replied to, and `exempt`
 * ones, are no one's copy: a racing copy is never replied to before it is found, and a dismissed
 * comment speaks for other findings than a look-alike (see applyDismissals), so that one's own
 * comment stays. A comment someone replied to makes a copy only of a newer one on its very line
 * (`place`): a look-alike's comment is on another line, while a run that could not tell its own
 * comments posted its copy on the same one.
 */
function planDuplicateRemoval(comments, exempt = new Set()) {
    const seen = new Set();
    const repliedAt = new Set();
    const at = (fp, comment) => `${fp} ${comment.place ?? ''}`;
    const remove = [];
    for (const comment of [...comments].sort((a, b) => a.id - b.id)) {
        if (comment.fingerprints.length === 0 || exempt.has(comment.id))
            continue;
        if (comment.replied === true) {
            if (comment.place !== undefined)
                for (const fp of comment.fingerprints)
                    repliedAt.add(at(fp, comment));
            continue;
        }
        const copyOfReplied = comment.place !== undefined && comment.fingerprints.every((fp) => repliedAt.has(at(fp, comment)));
        if (copyOfReplied || comment.fingerprints.every((fp) => seen.has(fp)))
            remove.push(comment);
        else
            for (const fp of comment.fingerprints)
                seen.add(fp);
    }
    const removed = new Set(remove.map((c) => c.id));
    const reviewIds = new Set(remove.flatMap((c) => (c.reviewId === null ? [] : [c.reviewId])));
    const emptied = [...reviewIds].filter((reviewId) => comments.every((c) => c.reviewId !== reviewId || removed.has(c.id)));
    return { remove, emptied };
}
/** Deletes the newer copies and explains the reviews they empty; returns the copies deleted. */
async function removeDuplicateComments({ octokit, gate, log }, pr, listed, exempt = new Set()) {
    const plan = planDuplicateRemoval(listed, exempt);
    if (plan.remove.length === 0)
        return [];
    const target = { owner: pr.owner, repo: pr.repo };
    const deleted = [];
    for (const comment of plan.remove) {
        try {
            await gate.run(() => octokit.rest.pulls.deleteReviewComment({ ...target, comment_id: comment.id }));
            deleted.push(comment);
        }
        catch (error) {
            // 404: the racing run deleted it first, which is the state we wanted.
            if ((0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .requestStatus */ .G2)(error) === 404)
                deleted.push(comment);
            else if ((0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .isWriteRefused */ .c$)(error))
                log?.debug(`${(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .describePr */ .WF)(pr)}: inline comment ${comment.id} not deleted (GitHub answered ${(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .requestStatus */ .G2)(error)})`);
            else
                throw new _github_errors__WEBPACK_IMPORTED_MODULE_0__/* .GitHubApiError */ .OS(`Deleting a duplicate inline comment of ${(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .describePr */ .WF)(pr)}`, error);
        }
    }
    log?.info(`${(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .describePr */ .WF)(pr)}: deleted ${deleted.length} newer cop${deleted.length === 1 ? 'y' : 'ies'} of inline comments (posted by a racing run, or by one that could not tell its own comments); the older copies stay`);
    const gone = new Set(deleted.map((c) => c.id));
    const emptied = plan.emptied.filter((reviewId) => listed.every((c) => c.reviewId !== reviewId || gone.has(c.id)));
    for (const reviewId of emptied) {
        try {
            await gate.run(() => octokit.rest.pulls.updateReview({ ...target, pull_number: pr.number, review_id: reviewId, body: EMPTIED_REVIEW_BODY }));
        }
        catch (error) {
            // Only the explanation is lost: the comments are already one copy each.
            log?.debug(`${(0,_github_errors__WEBPACK_IMPORTED_MODULE_0__/* .describePr */ .WF)(pr)}: could not update emptied review ${reviewId}: ${String(error)}`);
        }
    }
    return deleted;
}


/***/ }),

/***/ 7737:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createReviewFeedback: () => (/* binding */ createReviewFeedback),
  readSnapshot: () => (/* binding */ readSnapshot)
});

// EXTERNAL MODULE: ./src/domain/dismissal.ts
var dismissal = __webpack_require__(2213);
// EXTERNAL MODULE: ./src/domain/markers.ts
var markers = __webpack_require__(999);
// EXTERNAL MODULE: ./src/write/inline-convergence.ts
var inline_convergence = __webpack_require__(4870);
// EXTERNAL MODULE: ./src/github/errors.ts
var errors = __webpack_require__(3116);
// EXTERNAL MODULE: ./src/domain/shape.ts
var shape = __webpack_require__(2853);
// EXTERNAL MODULE: ./src/github/paged-list.ts
var paged_list = __webpack_require__(4627);
// EXTERNAL MODULE: ./src/domain/object-name.ts
var object_name = __webpack_require__(4229);
// EXTERNAL MODULE: ./src/locate/thread-plan.ts
var thread_plan = __webpack_require__(1658);
;// CONCATENATED MODULE: ./src/write/review-threads.ts
/**
 * Closing the threads of fixed findings. REST has no notion of a review thread: its id and state
 * come from GraphQL (`pullRequest.reviewThreads`, paginated), and it is resolved with the
 * `resolveReviewThread` mutation. A token that may not resolve gets the fallback: the comment's
 * body is edited to say the finding was fixed at the head commit (with FIXED_MARKER, so later
 * runs leave it be). Once resolving is refused, the rest of the run does not ask again.
 */






const THREADS_PER_PAGE = 100;
/** 10,000 threads: far past any pull request a person reviews; past it, a looping cursor is refused. */
const MAX_THREAD_PAGES = 100;
const THREADS_QUERY = `query($owner: String!, $repo: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: ${THREADS_PER_PAGE}, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved comments(first: 1) { nodes { databaseId } } }
      }
    }
  }
}`;
const RESOLVE_MUTATION = `mutation($threadId: ID!) {
  resolveReviewThread(input: { threadId: $threadId }) { thread { id isResolved } }
}`;
/** The fields of a review thread review-gate reads; its first comment is null when GitHub no longer shows it. */
const THREAD = (0,shape/* object */.Ik)({
    id: shape/* string */.Yj,
    isResolved: shape/* boolean */.zM,
    comments: (0,shape/* object */.Ik)({ nodes: (0,shape/* list */.p_)((0,shape/* nullable */.me)((0,shape/* object */.Ik)({ databaseId: (0,shape/* nullable */.me)(shape/* integer */.nd) }))) }),
});
/** The pull request's review threads, by the id of each thread's first comment. */
async function listReviewThreads(octokit, pr) {
    let after = null;
    const nodes = await (0,paged_list/* readPagedList */.eR)({ what: `the review threads of ${(0,errors/* describePr */.WF)(pr)}`, entry: THREAD, identity: (thread) => `thread ${thread.id}`, maxPages: MAX_THREAD_PAGES }, async () => {
        const answer = await octokit.graphql(THREADS_QUERY, { owner: pr.owner, repo: pr.repo, number: pr.number, after });
        const connection = answer.repository?.pullRequest?.reviewThreads;
        if (connection === undefined)
            throw new TypeError(`GitHub's answer lists no reviewThreads for ${(0,errors/* describePr */.WF)(pr)}`);
        const { hasNextPage, endCursor } = connection.pageInfo ?? {};
        const more = hasNextPage === true && typeof endCursor === 'string';
        if (more)
            after = endCursor;
        return { entries: connection.nodes ?? [], more };
    });
    const threads = new Map();
    for (const node of nodes) {
        const first = node.comments.nodes[0]?.databaseId;
        if (typeof first === 'number')
            threads.set(first, { id: node.id, isResolved: node.isResolved });
    }
    return threads;
}
/** GraphQL says "not permitted" in its `errors` (with status 200), REST-like statuses otherwise. */
function isResolveRefused(error) {
    if ((0,errors/* isWriteRefused */.c$)(error) || (0,errors/* requestStatus */.G2)(error) === 401)
        return true;
    return (0,errors/* graphqlErrors */.dM)(error).some(({ type, message }) => type === 'FORBIDDEN' || (typeof message === 'string' && /not accessible|permission|forbidden/i.test(message)));
}
/** The comment's body once its finding is gone at `headSha`; its fingerprint marker stays. */
function fixedBody(body, headSha) {
    return `${markers/* FIXED_MARKER */.SA}\n✅ **Fixed** at \`${(0,object_name/* shortSha */.F)(headSha)}\`: review-gate no longer finds this at the pull request's head.\n\n---\n\n${body}`;
}
async function closeThreads(context, pr, fixed) {
    const { octokit, gate, log } = context;
    let threads;
    try {
        threads = await listReviewThreads(octokit, pr);
    }
    catch (error) {
        log?.warning(`${(0,errors/* describePr */.WF)(pr)}: the review threads could not be listed (${(0,errors/* describeGraphqlError */.Bw)(error)}); fixed findings' comments are edited instead`);
    }
    const actions = (0,thread_plan/* planThreadActions */.X)(fixed, threads);
    const report = { fixed: actions.length, resolved: 0, markedFixed: 0, left: [] };
    let resolveRefused = false;
    const edit = async (comment) => {
        try {
            await gate.run(() => octokit.rest.pulls.updateReviewComment({ owner: pr.owner, repo: pr.repo, comment_id: comment.id, body: fixedBody(comment.body, pr.headSha) }));
            report.markedFixed++;
        }
        catch (error) {
            report.left.push({ path: comment.path, why: `its comment could not be edited (GitHub answered ${(0,errors/* requestStatus */.G2)(error) ?? 'nothing'}: ${(0,errors/* describeGitHubError */.dZ)(error)})` });
        }
    };
    for (const action of actions) {
        if (action.kind === 'leave') {
            report.left.push({ path: action.comment.path, why: action.why });
            continue;
        }
        if (action.kind === 'resolve' && !resolveRefused) {
            try {
                await gate.run(() => octokit.graphql(RESOLVE_MUTATION, { threadId: action.threadId }));
                report.resolved++;
                continue;
            }
            catch (error) {
                if (!isResolveRefused(error)) {
                    report.left.push({ path: action.comment.path, why: `resolving its thread failed (${(0,errors/* describeGraphqlError */.Bw)(error)}); the next run tries again` });
                    continue;
                }
                resolveRefused = true;
                log?.warning(`${(0,errors/* describePr */.WF)(pr)}: the token may not resolve review threads (${(0,errors/* describeGraphqlError */.Bw)(error)}); comments of fixed findings are edited to say so instead`);
            }
        }
        if (action.kind === 'edit' || action.editIfRefused)
            await edit(action.comment);
        else
            report.left.push({ path: action.comment.path, why: 'the token may not resolve its thread, and people replied in it, so it is not edited' });
    }
    return report;
}

;// CONCATENATED MODULE: ./src/write/review-feedback.ts
/**
 * The pull request's review threads as review-gate reads and answers them: one listing of the
 * review comments gives its own inline comments (those of its identity, see identity.ts) and
 * the replies to them, each dismissal reaching as far as the reach marker of the comment it
 * answers says (markers.ts); after the verdict, the threads of findings fixed since are closed
 * (review-threads.ts). A reply counts as a dismissal candidate only under review-gate's own
 * comment: a person cannot dismiss by replying to a comment that merely imitates one. Each
 * candidate's author's access to the repository is read with it, so the gate can judge it.
 */




/** The thread's first comment: GitHub points every reply to it, but a chain is followed anyway. */
function rootOf(comment, byId) {
    let current = comment;
    for (let hops = 0; current.in_reply_to_id !== undefined; hops++) {
        const parent = byId.get(current.in_reply_to_id);
        if (parent === undefined || hops > 100)
            return undefined;
        current = parent;
    }
    return current;
}
/** Splits a listing into review-gate's thread-opening comments and the dismissal replies to them. Pure. */
function readSnapshot(comments, ours) {
    const byId = new Map(comments.map((c) => [c.id, c]));
    const own = new Map();
    for (const c of comments) {
        const fingerprints = (0,markers/* extractFingerprints */.JB)(c.body);
        if (!ours.has(c.id) || c.in_reply_to_id !== undefined || fingerprints.length === 0)
            continue;
        const line = c.line ?? c.original_line ?? undefined;
        own.set(c.id, { id: c.id, path: c.path, fingerprints, body: c.body, humanReplies: 0, markedFixed: c.body.includes(markers/* FIXED_MARKER */.SA), ...(line === undefined ? {} : { line }) });
    }
    const dismissals = [];
    for (const c of comments) {
        if (ours.has(c.id) || c.in_reply_to_id === undefined || c.user === null)
            continue;
        const root = rootOf(c, byId);
        const thread = root === undefined ? undefined : own.get(root.id);
        if (thread === undefined)
            continue;
        thread.humanReplies++;
        if ((0,dismissal/* parseDismissCommand */.jF)(c.body) === undefined)
            continue;
        const replied = root;
        dismissals.push({
            commentId: c.id, fingerprints: thread.fingerprints, login: c.user.login, body: c.body,
            // How far it reaches is the data of our own comment's marker, never its rendered text.
            threadId: replied.id, line: replied.line ?? replied.original_line ?? undefined, occurrences: (0,markers/* readReach */.eo)(replied.body),
        });
    }
    return { own: [...own.values()], dismissals };
}
function createReviewFeedback(context) {
    return {
        async read(pr) {
            const comments = await (0,inline_convergence/* listReviewComments */.$u)(context.octokit, pr);
            const trust = await Promise.all(comments.map((c) => context.trusted(c.user)));
            const read = readSnapshot(comments, new Set(comments.filter((_, i) => trust[i] === true).map((c) => c.id)));
            // Without its identity the run trusts no comment: the summary says why no dismissal counted.
            const unknown = context.trusted.unknownIdentity();
            const snapshot = unknown === undefined ? read : { ...read, problem: unknown };
            const { access } = context;
            if (access === undefined)
                return snapshot;
            // Beside the replies, before the gate: who may dismiss is data for the locate stage.
            const dismissals = await Promise.all(snapshot.dismissals.map(async (reply) => ({ ...reply, access: await access(reply.login) })));
            return { ...snapshot, dismissals };
        },
        closeFixed: (pr, fixed) => closeThreads(context, pr, fixed),
    };
}


/***/ })

};
