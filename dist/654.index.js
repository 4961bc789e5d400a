export const id = 654;
export const ids = [654];
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

/***/ 1654:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  createReviewPublisher: () => (/* binding */ createReviewPublisher)
});

// EXTERNAL MODULE: ./src/github/errors.ts
var errors = __webpack_require__(3116);
// EXTERNAL MODULE: ./src/github/pull-head.ts
var pull_head = __webpack_require__(1767);
// EXTERNAL MODULE: ./src/domain/object-name.ts
var object_name = __webpack_require__(4229);
// EXTERNAL MODULE: ./src/github/write-gate.ts
var write_gate = __webpack_require__(4542);
// EXTERNAL MODULE: ./src/write/identity.ts
var identity = __webpack_require__(1797);
// EXTERNAL MODULE: ./src/write/inline-convergence.ts
var inline_convergence = __webpack_require__(4870);
;// CONCATENATED MODULE: ./src/write/isolate-refused.ts
/**
 * @param batch comments GitHub just refused as one review
 * @param budget probes allowed; past it, the comments not yet placed count as refused
 */
async function isolateRefused(batch, prober, budget, log) {
    const accepted = [];
    const refused = [];
    let probes = 0;
    /**
     * `knownBad` means GitHub already refused this set, so it is split without asking; and when a
     * first half is accepted, the second is known bad. True when GitHub accepted `part` whole.
     */
    async function split(part, knownBad) {
        if (!knownBad) {
            if (budget.spent + probes >= budget.limit) {
                log?.warning(`Gave up isolating ${part.length} comment(s) GitHub may refuse after ${budget.spent + probes} probes; left out`);
                refused.push(...part);
                return false;
            }
            probes++;
            if (await prober.probe([...part])) {
                accepted.push(...part);
                return true;
            }
        }
        if (part.length === 1) {
            refused.push(...part);
            return false;
        }
        const half = Math.floor(part.length / 2);
        const firstAccepted = await split(part.slice(0, half), false);
        await split(part.slice(half), firstAccepted);
        return false;
    }
    await split(batch, true);
    return { accepted, refused, probes };
}

// EXTERNAL MODULE: ./src/domain/shape.ts
var shape = __webpack_require__(2853);
// EXTERNAL MODULE: ./src/github/paged-list.ts
var paged_list = __webpack_require__(4627);
;// CONCATENATED MODULE: ./src/write/pending-reviews.ts



/** Marks a probe's body, so a later run can tell a probe it may delete from a person's draft. */
const PROBE_MARKER = '<!-- review-gate:probe -->';
const PROBE_BODY = `review-gate is checking that GitHub can place these comments; this draft is deleted at once.\n\n${PROBE_MARKER}`;
/** GitHub's 422 for a new review while the user holds a pending one. */
function isPendingReviewConflict(error) {
    return (0,errors/* requestStatus */.G2)(error) === 422 && /one pending review/i.test((0,errors/* describeGitHubError */.dZ)(error));
}
/** The fields of a listed review review-gate reads. */
const REVIEW = (0,shape/* object */.Ik)({ id: shape/* integer */.nd, state: shape/* string */.Yj, body: shape/* string */.Yj, commit_id: (0,shape/* nullable */.me)(shape/* string */.Yj), html_url: shape/* string */.Yj });
/** Every review on the pull request, submitted or not (GitHub lists a pending review to its author only). */
async function listReviews(octokit, pr) {
    return (0,paged_list/* readRestList */.rc)({ what: `the reviews of ${(0,errors/* describePr */.WF)(pr)}`, entry: REVIEW, identity: (review) => `review ${review.id}`, perPage: 100 }, (page) => octokit.rest.pulls.listReviews({ owner: pr.owner, repo: pr.repo, pull_number: pr.number, per_page: 100, page })).catch((error) => {
        throw (0,paged_list/* wrapListFailure */.zz)(`Listing the reviews of ${(0,errors/* describePr */.WF)(pr)}`, error);
    });
}
/** Inline comments as the review endpoints take them. */
function toReviewComments(batch) {
    return batch.map((c) => ({ path: c.path, line: c.line, side: 'RIGHT', body: c.body }));
}
function createProber({ octokit, gate, log, pr }) {
    const target = { owner: pr.owner, repo: pr.repo, pull_number: pr.number };
    /** Probes created and not deleted yet. */
    const open = new Set();
    /** A probe request went unanswered: GitHub may hold a probe whose id we never saw. */
    let unanswered = false;
    async function discard(id) {
        try {
            await gate.run(() => octokit.rest.pulls.deletePendingReview({ ...target, review_id: id }));
        }
        catch (error) {
            // Already gone is what we wanted.
            if ((0,errors/* requestStatus */.G2)(error) !== 404)
                throw new errors/* GitHubApiError */.OS(`Deleting pending review ${id} of ${(0,errors/* describePr */.WF)(pr)}`, error);
        }
        open.delete(id);
    }
    /** The pending reviews listed: GitHub lists a pending review to its author only, so all are the token's user's. */
    async function listPending() {
        const reviews = await listReviews(octokit, pr);
        const pending = reviews.filter((review) => review.state === 'PENDING');
        return {
            probes: pending.filter((review) => review.body.includes(PROBE_MARKER)).map((review) => review.id),
            others: pending.filter((review) => !review.body.includes(PROBE_MARKER)).map((review) => review.id),
        };
    }
    async function clearLeftProbes() {
        const { probes, others } = await listPending();
        if (probes.length === 0)
            throw new errors/* PendingReviewConflictError */.OU((0,errors/* describePr */.WF)(pr), others);
        for (const id of probes)
            await discard(id);
        log?.info(`${(0,errors/* describePr */.WF)(pr)}: deleted ${probes.length} pending review(s) review-gate left behind (${probes.join(', ')})`);
    }
    async function probe(batch) {
        let cleared = false;
        for (;;) {
            let id;
            try {
                const { data } = await gate.run(() => octokit.rest.pulls.createReview({ ...target, commit_id: pr.headSha, body: PROBE_BODY, comments: toReviewComments(batch) }));
                id = data.id;
            }
            catch (error) {
                if (isPendingReviewConflict(error) && !cleared) {
                    cleared = true;
                    await clearLeftProbes();
                    continue;
                }
                if ((0,errors/* requestStatus */.G2)(error) === 422 && !isPendingReviewConflict(error))
                    return false;
                const status = (0,errors/* requestStatus */.G2)(error);
                if (status === undefined || status >= 500)
                    unanswered = true;
                throw new errors/* GitHubApiError */.OS(`Checking ${batch.length} comment(s) on ${(0,errors/* describePr */.WF)(pr)} as a pending review`, error);
            }
            open.add(id);
            await discard(id);
            return true;
        }
    }
    async function cleanUp() {
        for (const id of [...open]) {
            await discard(id).catch((error) => log?.warning(`${(0,errors/* describePr */.WF)(pr)}: could not delete pending review ${id}: ${String(error)}`));
        }
        if (!unanswered)
            return;
        try {
            const { probes } = await listPending();
            for (const id of probes)
                await discard(id);
        }
        catch (error) {
            log?.warning(`${(0,errors/* describePr */.WF)(pr)}: could not check for a pending review left behind: ${String(error)}`);
        }
    }
    return { probe, clearLeftProbes, cleanUp };
}

;// CONCATENATED MODULE: ./src/write/review-poster.ts


/** Sends of one review request when GitHub's answer is lost (a 5xx, or none) and it did not land. */
const MAX_REVIEW_SENDS = 2;
async function sendReview(context, review) {
    const { octokit, gate, log, pr, prober } = context;
    let batch = review.comments;
    const racedIn = [];
    let clearedPending = false;
    let lostAnswers = 0;
    for (;;) {
        try {
            const { data } = await gate.run(() => octokit.rest.pulls.createReview({
                owner: pr.owner,
                repo: pr.repo,
                pull_number: pr.number,
                commit_id: pr.headSha,
                event: 'COMMENT',
                body: review.body,
                comments: toReviewComments(batch),
                request: { retries: 0 },
            }));
            return { kind: 'landed', url: data.html_url, reviewId: data.id, comments: batch, racedIn };
        }
        catch (error) {
            const status = (0,errors/* requestStatus */.G2)(error);
            if (isPendingReviewConflict(error) && !clearedPending) {
                // A probe a crashed run left pending blocks every review until it is deleted.
                clearedPending = true;
                await prober.clearLeftProbes();
                continue;
            }
            if (status === 422) {
                log?.debug(`GitHub refused a review of ${batch.length} comment(s): ${(0,errors/* describeGitHubError */.dZ)(error)}`);
                return { kind: 'refused', error, racedIn };
            }
            if (review.first && (0,errors/* isWriteRefused */.c$)(error))
                return { kind: 'read-only', message: (0,errors/* readOnlyMessage */.MY)((0,errors/* describePr */.WF)(pr), error) };
            if (status !== undefined && status < 500)
                throw new errors/* GitHubApiError */.OS(`Posting a review on ${(0,errors/* describePr */.WF)(pr)}`, error);
            // No answer, or a 5xx: GitHub may have stored the review all the same.
            lostAnswers++;
            const answered = `GitHub answered ${status ?? 'nothing'}`;
            if (batch.length === 0) {
                const found = await findBodyOnlyReview(context, review.body);
                if (found !== undefined) {
                    log?.info(`${(0,errors/* describePr */.WF)(pr)}: ${answered} but the review landed`);
                    return { kind: 'landed', url: found.html_url, reviewId: found.id, comments: [], racedIn };
                }
            }
            else {
                const listed = await context.listFingerprints();
                const there = batch.filter((c) => listed.has(c.fingerprint));
                if (there.length === batch.length) {
                    log?.info(`${(0,errors/* describePr */.WF)(pr)}: ${answered} but the review landed with its ${batch.length} comment(s)`);
                    const reviewId = listed.get(batch[0]?.fingerprint ?? '') ?? undefined;
                    return { kind: 'landed', url: await reviewUrlOf(context, reviewId), reviewId, comments: batch, racedIn };
                }
                if (there.length > 0) {
                    // Reviews land whole, so these came from a concurrent run: there, and not sent again.
                    racedIn.push(...there);
                    batch = batch.filter((c) => !listed.has(c.fingerprint));
                }
            }
            if (lostAnswers >= MAX_REVIEW_SENDS) {
                throw new errors/* GitHubApiError */.OS(`Posting a review on ${(0,errors/* describePr */.WF)(pr)} (sent ${lostAnswers} times, not on the pull request afterwards)`, error);
            }
            log?.warning(`${(0,errors/* describePr */.WF)(pr)}: ${answered} to a review and it is not there; sending it once more`);
        }
    }
}
/** The link to a review found after a lost answer; only for the result, so a failure is no error. */
async function reviewUrlOf({ octokit, log, pr }, reviewId) {
    if (reviewId === undefined)
        return undefined;
    try {
        const { data } = await octokit.rest.pulls.getReview({ owner: pr.owner, repo: pr.repo, pull_number: pr.number, review_id: reviewId });
        return data.html_url;
    }
    catch (error) {
        log?.debug(`Could not read review ${reviewId} of ${(0,errors/* describePr */.WF)(pr)}: ${String(error)}`);
        return undefined;
    }
}
/** The review with this body on the head commit, for a body-only review whose answer was lost. */
async function findBodyOnlyReview({ octokit, pr }, body) {
    const reviews = await listReviews(octokit, pr);
    return reviews.find((r) => r.state === 'COMMENTED' && r.commit_id === pr.headSha && r.body === body);
}

;// CONCATENATED MODULE: ./src/write/review-batches.ts




/** Body of the reviews after the first: GitHub requires a body on a COMMENT review. */
const CONTINUATION_BODY = 'More inline comments from review-gate for the same commit.';
/** Body of the first review when the caller's is blank (GitHub refuses a blank one). */
const DEFAULT_BODY = 'Inline comments from review-gate.';
class ReviewBatches {
    options;
    /** Comments that landed, and those a racing run had posted already (found settling a lost answer). */
    posted = [];
    /** Comments GitHub would not place, and those left unprobed once the budget ran out. */
    rejected = [];
    /** Reviews this run published, so comments deleted as duplicates can be told apart. */
    ownReviews = new Set();
    landed = 0;
    firstUrl;
    probesMade = 0;
    prober;
    poster;
    constructor(target, options) {
        this.options = options;
        this.prober = createProber(target);
        this.poster = { ...target, prober: this.prober, listFingerprints: options.listFingerprints };
    }
    /** The link of the first review, the one carrying the caller's body. */
    get reviewUrl() {
        return this.firstUrl;
    }
    /** Probes made to isolate refused comments. */
    get probes() {
        return this.probesMade;
    }
    /** Sends every batch; the read-only answer when the token cannot write, else undefined. */
    async sendAll(batches) {
        try {
            for (const batch of batches) {
                const readOnly = await this.sendBatch(batch);
                if (readOnly !== undefined)
                    return readOnly;
            }
            if (this.landed === 0 && this.options.body.trim() !== '') {
                const bodyOnly = await this.send([]);
                if (bodyOnly.kind === 'read-only')
                    return bodyOnly;
                if (bodyOnly.kind === 'refused')
                    throw new errors/* GitHubApiError */.OS(`Posting a review on ${(0,errors/* describePr */.WF)(this.poster.pr)}`, bodyOnly.error);
            }
            return undefined;
        }
        finally {
            await this.prober.cleanUp();
        }
    }
    /** One batch: published at once when GitHub takes it all, else its refused comments left out. */
    async sendBatch(batch) {
        const whole = await this.send(batch);
        if (whole.kind === 'read-only')
            return whole;
        if (whole.kind === 'landed')
            return undefined;
        const isolated = await isolateRefused(batch, this.prober, { limit: this.options.isolationBudget, spent: this.probesMade }, this.poster.log);
        this.probesMade += isolated.probes;
        this.rejected.push(...isolated.refused);
        if (isolated.accepted.length === 0)
            return undefined;
        const second = await this.send(isolated.accepted);
        if (second.kind === 'read-only')
            return second;
        if (second.kind === 'refused') {
            throw new errors/* GitHubApiError */.OS(`Posting the ${isolated.accepted.length} comment(s) GitHub accepted as a pending review on ${(0,errors/* describePr */.WF)(this.poster.pr)}`, second.error);
        }
        return undefined;
    }
    /** One review sent, what landed added up: the first carries the caller's body. */
    async send(batch) {
        const first = this.landed === 0;
        const body = first ? (this.options.body.trim() === '' ? DEFAULT_BODY : this.options.body) : CONTINUATION_BODY;
        const sent = await sendReview(this.poster, { body, comments: batch, first });
        if (sent.kind === 'read-only')
            return sent;
        this.posted.push(...sent.racedIn);
        if (sent.kind === 'landed') {
            if (first)
                this.firstUrl = sent.url;
            this.landed++;
            this.posted.push(...sent.comments);
            if (sent.url !== undefined)
                for (const comment of sent.comments)
                    this.options.links.set(comment.fingerprint, sent.url);
            if (sent.reviewId !== undefined)
                this.ownReviews.add(sent.reviewId);
        }
        return sent;
    }
}

;// CONCATENATED MODULE: ./src/write/review-plan.ts
/**
 * Inline comments per review request. GitHub documents no maximum, but large review requests
 * are known to time out (502), so only a run with more comments than this posts a second review.
 */
const MAX_COMMENTS_PER_REVIEW = 30;
/** A cap of 0 would never finish; anything but a positive integer is a caller's mistake. */
function checkCommentsPerReview(maxPerReview) {
    if (!Number.isInteger(maxPerReview) || maxPerReview < 1) {
        throw new TypeError(`Expected \`maxCommentsPerReview\` to be an integer from 1 up, got ${maxPerReview}`);
    }
}
/**
 * @param comments the inline comments the run found, in the order they are to appear
 * @param present the fingerprints our comments on the pull request already carry
 */
function planReview(comments, present, maxPerReview = MAX_COMMENTS_PER_REVIEW) {
    checkCommentsPerReview(maxPerReview);
    const seen = new Set(present);
    const fresh = [];
    const alreadyPresent = [];
    for (const comment of comments) {
        // A fingerprint twice in one batch would be a duplicate as soon as the first lands.
        if (seen.has(comment.fingerprint))
            alreadyPresent.push(comment);
        else {
            seen.add(comment.fingerprint);
            fresh.push(comment);
        }
    }
    const batches = [];
    for (let start = 0; start < fresh.length; start += maxPerReview)
        batches.push(fresh.slice(start, start + maxPerReview));
    return { batches, alreadyPresent };
}

// EXTERNAL MODULE: ./src/domain/markers.ts
var markers = __webpack_require__(999);
;// CONCATENATED MODULE: ./src/write/summary-convergence.ts
/**
 * Which summary comment stays and what it says, when runs race. Pure: data in, a plan out.
 *
 * GitHub has no conditional write for comments, so two runs on one pull request (two quick
 * pushes, a re-run) can each find no summary and each create one, or write one after the other.
 * The rule that makes every run converge on the same state, whatever the interleaving:
 *
 * 1. A run writes summary content only for the pull request's current head. It reads the head
 *    right before writing; a run whose commit is no longer the head writes nothing new.
 * 2. The summary is the OLDEST of our summary comments (lowest id): every run that lists picks
 *    the same one, whichever created it. The others are deleted (one already deleted by the
 *    racing run answers 404: that is the state we wanted).
 * 3. The content that stays is the content for the current head. Ours, when our commit is the
 *    head (two runs on the same commit differ only in timing: the last write wins, both true).
 *    When the head moved on, the newest comment that names the current head in its footer
 *    ("reviewed at `sha`") — a newer run's content — is moved into the one that stays. If none
 *    names it yet and the one that stays carries our now-stale content, it says so instead
 *    (a note naming both commits) until the run on the new head writes its own.
 */


/**
 * The last line renderSummary writes (see render/summary/summary.ts): `… reviewed at \`0123456789ab\` ·
 * review-gate</sub>`. Anchored at the end: a finding's text higher up cannot pose as it.
 */
const REVIEWED_AT = /reviewed at `([0-9a-f]{7,40})` · review-gate<\/sub>\s*$/;
/** The (short) SHA a summary says it reviewed, from its footer. */
function reviewedHeadOf(body) {
    return REVIEWED_AT.exec(body)?.[1];
}
function names(body, sha) {
    const reviewed = reviewedHeadOf(body);
    return reviewed !== undefined && sha.toLowerCase().startsWith(reviewed);
}
function planSummary(own, run, currentHead) {
    const byAge = [...own].sort((a, b) => a.id - b.id);
    const [keep, ...others] = byAge;
    const remove = others.map((c) => c.id);
    const current = run.headSha === currentHead;
    if (keep === undefined)
        return { keep, write: current ? run.body : undefined, remove };
    let content = keep.body;
    if (current)
        content = run.body;
    else {
        const newer = [...byAge].reverse().find((c) => names(c.body, currentHead));
        if (newer !== undefined)
            content = newer.body;
        else if (names(keep.body, run.headSha))
            content = supersededNote(run.headSha, currentHead);
    }
    return { keep, write: content === keep.body ? undefined : content, remove };
}
/** What the summary says when the run that wrote it learns its commit is no longer the head. */
function supersededNote(reviewedSha, currentHead) {
    const [was, now] = [(0,object_name/* shortSha */.F)(reviewedSha), (0,object_name/* shortSha */.F)(currentHead)].map((sha) => `\`${sha.replace(/[^0-9a-f]/gi, '')}\``);
    return [
        markers/* SUMMARY_MARKER */.Qi,
        '## ⏭️ Superseded',
        '',
        `This pull request's head moved from ${was} to ${now} while review-gate reviewed ${was}. ` +
            `The run on ${now} writes its verdict here; the check on each commit carries that commit's verdict.`,
        '',
        '<sub>review-gate</sub>',
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/write/summary-comment.ts
/**
 * The single summary comment: found again by its marker and edited on every run, so a pull
 * request carries one summary however many times it is pushed — even when GitHub's answer to
 * its creation is lost, and when two runs race (the rule is in summary-convergence.ts).
 */








/** Sends of the creation when GitHub's answer is lost and no summary is there afterwards. */
const MAX_CREATE_SENDS = 2;
async function upsertSummaryComment(context, pr, body) {
    const { log } = context;
    // Without the marker the comment could never be found again: every run would add one.
    const run = { body: body.startsWith(markers/* SUMMARY_MARKER */.Qi) ? body : `${markers/* SUMMARY_MARKER */.Qi}\n${body}`, headSha: pr.headSha };
    const head = await (0,pull_head/* readPullHead */._g)(context.octokit, pr);
    if (head !== pr.headSha) {
        log?.info(`${(0,errors/* describePr */.WF)(pr)}: the head moved to ${(0,object_name/* shortSha */.F)(head)} since ${(0,object_name/* shortSha */.F)(pr.headSha)} was reviewed; the summary comment is left to the run on the new head`);
        return { kind: 'superseded', headSha: head };
    }
    let written;
    let own = await listOwnSummaries(context, pr);
    // A summary of another commit may be a newer run's, written since the head was read above (a
    // push, and a faster run on it): read the head once more before writing over it.
    if (own.some((c) => namesAnotherCommit(c.body, pr.headSha))) {
        const again = await (0,pull_head/* readPullHead */._g)(context.octokit, pr);
        if (again !== pr.headSha) {
            log?.info(`${(0,errors/* describePr */.WF)(pr)}: the head moved to ${(0,object_name/* shortSha */.F)(again)} since ${(0,object_name/* shortSha */.F)(pr.headSha)} was reviewed; the summary comment is left to the run on the new head`);
            return { kind: 'superseded', headSha: again };
        }
    }
    if (own.length === 0) {
        written = await create(context, pr, run.body);
    }
    else {
        const applied = await applyPlan(context, pr, own, run, head);
        written = applied ?? (await create(context, pr, run.body));
    }
    if (written.kind !== 'created' && written.kind !== 'updated')
        return written;
    // A racing run may have created its own summary meanwhile, or the head may have moved while
    // this one was written: list again and converge (keep the oldest, content for the head). The
    // summary is written either way, so a failure here is a warning, not a lost summary.
    let headNow;
    try {
        headNow = await (0,pull_head/* readPullHead */._g)(context.octokit, pr);
        own = await listOwnSummaries(context, pr);
        await applyPlan(context, pr, own, run, headNow);
    }
    catch (error) {
        log?.warning(`${(0,errors/* describePr */.WF)(pr)}: could not check the summary comment against a racing run: ${(0,errors/* describeGitHubError */.dZ)(error)}`);
        return written;
    }
    if (headNow !== pr.headSha) {
        log?.info(`${(0,errors/* describePr */.WF)(pr)}: the head moved to ${(0,object_name/* shortSha */.F)(headNow)} while the summary of ${(0,object_name/* shortSha */.F)(pr.headSha)} was written`);
        return { kind: 'superseded', headSha: headNow };
    }
    return written;
}
function namesAnotherCommit(body, sha) {
    const reviewed = reviewedHeadOf(body);
    return reviewed !== undefined && !sha.toLowerCase().startsWith(reviewed);
}
/** The fields of a listed issue comment review-gate reads. */
const ISSUE_COMMENT = (0,shape/* object */.Ik)({ id: shape/* integer */.nd, body: (0,shape/* optional */.lq)(shape/* string */.Yj), user: identity/* COMMENT_AUTHOR */.ik, html_url: shape/* string */.Yj });
async function listOwnSummaries({ octokit, trusted }, pr) {
    const comments = await (0,paged_list/* readRestList */.rc)({ what: `the comments of ${(0,errors/* describePr */.WF)(pr)}`, entry: ISSUE_COMMENT, identity: (comment) => `comment ${comment.id}`, perPage: 100 }, (page) => octokit.rest.issues.listComments({ owner: pr.owner, repo: pr.repo, issue_number: pr.number, per_page: 100, page })).catch((error) => {
        throw (0,paged_list/* wrapListFailure */.zz)(`Listing the comments of ${(0,errors/* describePr */.WF)(pr)}`, error);
    });
    const marked = comments.filter((comment) => (comment.body ?? '').trimStart().startsWith(markers/* SUMMARY_MARKER */.Qi));
    const ours = await Promise.all(marked.map((comment) => trusted(comment.user)));
    return marked.filter((_, i) => ours[i] === true).map((c) => ({ id: c.id, body: c.body ?? '', url: c.html_url }));
}
/**
 * Writes the plan: the kept comment's new body, then the deletions. A kept comment GitHub will
 * not let us edit (the token's account lost the right since) is passed over for the next oldest.
 * Undefined when none could be kept: the caller creates one.
 */
async function applyPlan(context, pr, own, run, head) {
    const { octokit, gate, log } = context;
    const target = { owner: pr.owner, repo: pr.repo };
    let candidates = own;
    for (;;) {
        const plan = planSummary(candidates, run, head);
        const keep = candidates.find((c) => c.id === plan.keep?.id);
        if (keep === undefined)
            return undefined;
        let url = keep.url;
        if (plan.write !== undefined) {
            const newBody = plan.write;
            try {
                const { data } = await gate.run(() => octokit.rest.issues.updateComment({ ...target, comment_id: keep.id, body: newBody }));
                url = data.html_url;
            }
            catch (error) {
                if (!(0,errors/* isWriteRefused */.c$)(error))
                    throw new errors/* GitHubApiError */.OS(`Editing the summary comment of ${(0,errors/* describePr */.WF)(pr)}`, error);
                log?.info(`${(0,errors/* describePr */.WF)(pr)}: could not edit summary comment ${keep.id} (GitHub answered ${(0,errors/* requestStatus */.G2)(error)}); trying the next`);
                candidates = candidates.filter((c) => c.id !== keep.id);
                continue;
            }
        }
        for (const id of plan.remove)
            await removeDuplicate(context, pr, id);
        return { kind: 'updated', url };
    }
}
async function removeDuplicate({ octokit, gate, log }, pr, id) {
    try {
        await gate.run(() => octokit.rest.issues.deleteComment({ owner: pr.owner, repo: pr.repo, comment_id: id }));
        log?.info(`${(0,errors/* describePr */.WF)(pr)}: deleted summary comment ${id}, a duplicate of an older one (two runs raced)`);
    }
    catch (error) {
        // 404: a racing run deleted it first. 403: not ours to delete; it stays, and is never edited.
        if ((0,errors/* isWriteRefused */.c$)(error))
            log?.debug(`${(0,errors/* describePr */.WF)(pr)}: summary comment ${id} not deleted (GitHub answered ${(0,errors/* requestStatus */.G2)(error)})`);
        else
            throw new errors/* GitHubApiError */.OS(`Deleting a duplicate summary comment of ${(0,errors/* describePr */.WF)(pr)}`, error);
    }
}
/**
 * Creates the summary. Automatic retries are off: plugin-retry resends a 5xx even on a POST, and
 * a comment GitHub stored before its answer was lost would then be there twice. A lost answer is
 * settled by listing again; only when no summary is there is it sent once more.
 */
async function create(context, pr, body) {
    const { octokit, gate, log } = context;
    for (let sends = 1;; sends++) {
        try {
            const { data } = await gate.run(() => octokit.rest.issues.createComment({ owner: pr.owner, repo: pr.repo, issue_number: pr.number, body, request: { retries: 0 } }));
            return { kind: 'created', url: data.html_url };
        }
        catch (error) {
            if ((0,errors/* isWriteRefused */.c$)(error))
                return { kind: 'read-only', message: (0,errors/* readOnlyMessage */.MY)((0,errors/* describePr */.WF)(pr), error) };
            const status = (0,errors/* requestStatus */.G2)(error);
            if (status !== undefined && status < 500)
                throw new errors/* GitHubApiError */.OS(`Creating the summary comment of ${(0,errors/* describePr */.WF)(pr)}`, error);
            const there = await listOwnSummaries(context, pr);
            const oldest = there.reduce((best, c) => (best === undefined || c.id < best.id ? c : best), undefined);
            if (oldest !== undefined) {
                log?.info(`${(0,errors/* describePr */.WF)(pr)}: GitHub answered ${status ?? 'nothing'} to the summary comment, but one is there (${oldest.id})`);
                return { kind: 'created', url: oldest.url };
            }
            if (sends >= MAX_CREATE_SENDS) {
                throw new errors/* GitHubApiError */.OS(`Creating the summary comment of ${(0,errors/* describePr */.WF)(pr)} (sent ${sends} times, not on the pull request afterwards)`, error);
            }
            log?.warning(`${(0,errors/* describePr */.WF)(pr)}: GitHub answered ${status ?? 'nothing'} to the summary comment and it is not there; sending it once more`);
        }
    }
}

;// CONCATENATED MODULE: ./src/write/publisher.ts









function createReviewPublisher(octokit, options = {}) {
    const maxPerReview = options.maxCommentsPerReview ?? MAX_COMMENTS_PER_REVIEW;
    checkCommentsPerReview(maxPerReview);
    const context = {
        octokit,
        gate: options.writeGate ?? (0,write_gate/* createWriteGate */.V$)(),
        log: options.log,
        trusted: options.trusted ?? (0,identity/* createAuthorTrust */.mK)(octokit, options.log),
        maxPerReview,
        isolationBudget: options.maxIsolationRequests ?? 25,
    };
    return {
        postReview: (pr, comments, body) => postReview(context, pr, comments, body),
        upsertSummary: (pr, body) => upsertSummaryComment(context, pr, body),
    };
}
async function postReview(context, pr, comments, body) {
    const { octokit, gate, log, trusted } = context;
    // A push during the run: what the run found is about an older commit, and the run on the new
    // head posts instead. Nothing stale lands.
    const head = await (0,pull_head/* readPullHead */._g)(octokit, pr);
    if (head !== pr.headSha) {
        log?.info(`${(0,errors/* describePr */.WF)(pr)}: the head moved to ${(0,object_name/* shortSha */.F)(head)} since ${(0,object_name/* shortSha */.F)(pr.headSha)} was reviewed; no review posted`);
        return { kind: 'superseded', headSha: head };
    }
    // Pending reviews' comments are not listed, nor dismissed comments that speak for other
    // findings than the ones being posted.
    const passOver = new Set(comments.flatMap((comment) => comment.dismissedElsewhere ?? []));
    const withoutPassedOver = (listed) => listed.filter((comment) => !passOver.has(comment.id));
    const listedAll = await (0,inline_convergence/* listOwnInlineComments */.io)(octokit, trusted, pr);
    const listedBefore = withoutPassedOver(listedAll);
    const plan = planReview(comments, reviewsOf(listedBefore).keys(), context.maxPerReview);
    // Where each finding's comment is, for the job summary: the comment's own link, else its review's.
    const links = commentLinks(listedBefore);
    if (plan.batches.length === 0) {
        log?.info(`${(0,errors/* describePr */.WF)(pr)}: all ${plan.alreadyPresent.length} inline comments are already there; no review posted`);
        // Copies an earlier run left (one that raced, or could not tell its own comments) go now,
        // from the listing already made: no request unless there is a copy to delete.
        await (0,inline_convergence/* removeDuplicateComments */.g$)({ octokit, gate, log }, pr, listedAll, passOver).catch((error) => {
            log?.warning(`${(0,errors/* describePr */.WF)(pr)}: could not remove copies of inline comments: ${(0,errors/* describeGitHubError */.dZ)(error)}`);
        });
        return { kind: 'posted', posted: [], alreadyPresent: [...plan.alreadyPresent], rejected: [], links };
    }
    const listFingerprints = async () => reviewsOf(withoutPassedOver(await (0,inline_convergence/* listOwnInlineComments */.io)(octokit, trusted, pr)));
    const reviews = new ReviewBatches({ octokit, gate, log, pr }, { body, isolationBudget: context.isolationBudget, links, listFingerprints });
    const readOnly = await reviews.sendAll(plan.batches);
    if (readOnly !== undefined)
        return readOnly;
    const { posted, alreadyPresent } = await keepOneCopy(context, pr, passOver, reviews, links, plan.alreadyPresent);
    const { rejected } = reviews;
    if (rejected.length > 0)
        log?.warning(`${(0,errors/* describePr */.WF)(pr)}: ${describeRejected(rejected)}; left out of the review and listed in the summary`);
    log?.debug(`${(0,errors/* describePr */.WF)(pr)}: ${reviews.probes} probe(s) to isolate refused comments`);
    const { reviewUrl } = reviews;
    return reviewUrl === undefined
        ? { kind: 'posted', posted, alreadyPresent, rejected, links }
        : { kind: 'posted', posted, alreadyPresent, rejected, reviewUrl, links };
}
/**
 * A racing run may have posted the same comments meanwhile: one copy of each stays. Ours deleted
 * for the racing run's older copy count as already present, as if listed first. The review has
 * landed either way, so a failure here costs a duplicate, never the gate.
 */
async function keepOneCopy({ octokit, gate, log, trusted }, pr, passOver, sent, links, listedFirst) {
    const posted = [...sent.posted];
    const alreadyPresent = [...listedFirst];
    if (posted.length === 0)
        return { posted, alreadyPresent };
    try {
        const listedAfter = await (0,inline_convergence/* listOwnInlineComments */.io)(octokit, trusted, pr);
        for (const [fingerprint, link] of commentLinks(listedAfter))
            links.set(fingerprint, link);
        const removed = await (0,inline_convergence/* removeDuplicateComments */.g$)({ octokit, gate, log }, pr, listedAfter, passOver);
        const ownRemoved = new Set(removed.filter((c) => c.reviewId !== null && sent.ownReviews.has(c.reviewId)).flatMap((c) => c.fingerprints));
        alreadyPresent.push(...posted.filter((c) => ownRemoved.has(c.fingerprint)));
        return { posted: posted.filter((c) => !ownRemoved.has(c.fingerprint)), alreadyPresent };
    }
    catch (error) {
        log?.warning(`${(0,errors/* describePr */.WF)(pr)}: could not check for inline comments a racing run posted too: ${(0,errors/* describeGitHubError */.dZ)(error)}`);
        return { posted, alreadyPresent };
    }
}
/** The comments GitHub could not place, and where they were meant to go. */
function describeRejected(rejected) {
    const where = rejected.map((c) => `${c.path}:${c.line}`).join(', ');
    return `GitHub could not place ${rejected.length} inline ${rejected.length === 1 ? 'comment' : 'comments'} (${where})`;
}
/** Fingerprint → id of the review carrying it. */
function reviewsOf(listed) {
    return new Map(listed.flatMap((comment) => comment.fingerprints.map((fp) => [fp, comment.reviewId])));
}
/** Fingerprint → the link of the oldest of our comments carrying it: the copy convergence keeps. */
function commentLinks(listed) {
    const links = new Map();
    for (const comment of [...listed].sort((a, b) => a.id - b.id)) {
        for (const fingerprint of comment.fingerprints)
            if (comment.url !== undefined && !links.has(fingerprint))
                links.set(fingerprint, comment.url);
    }
    return links;
}


/***/ })

};
