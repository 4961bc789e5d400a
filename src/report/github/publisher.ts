/**
 * Writes to the pull request: one review carrying the inline comments (never a duplicate of a
 * comment already there, never lost to GitHub's 422, never posted twice on a lost answer), and
 * the single summary comment.
 */
import type { PlannedComment, PostReviewResult, PullRequestRef, ReviewPublisher } from '../../types';
import { GitHubApiError, describeGitHubError, describePr, isWriteRefused, readOnlyMessage, requestStatus } from '../../github/errors';
import type { GitHubClient, GitHubLog } from '../../github/octokit';
import { createAuthorTrust } from './identity';
import { listOwnInlineComments, removeDuplicateComments } from './inline-convergence';
import type { ListedInlineComment } from './inline-convergence';
import { createProber, isPendingReviewConflict, toReviewComments } from './pending-reviews';
import { readPullHead, shortSha } from '../../github/pull-head';
import { upsertSummaryComment } from './summary-comment';
import { createWriteGate } from '../../github/write-gate';
import type { WriteGate } from '../../github/write-gate';

export interface ReviewPublisherOptions {
  /** Paces every write of this publisher (default: GitHub's pacing on the real clock). */
  writeGate?: WriteGate;
  /**
   * Inline comments per review request (default 30). A review request carries at most this
   * many: GitHub documents no maximum, but large review requests are known to time out (502),
   * so only a run with more comments than this posts a second review.
   */
  maxCommentsPerReview?: number;
  /**
   * Probes (pending reviews) one `postReview` may create to find the comments GitHub refuses
   * (default 25). Each accepted probe costs one more request, its deletion.
   */
  maxIsolationRequests?: number;
  log?: GitHubLog;
}

/** Body of the reviews after the first: GitHub requires a body on a COMMENT review. */
export const CONTINUATION_BODY = 'More inline comments from review-gate for the same commit.';

/** Body of the first review when the caller's is blank (GitHub refuses a blank one). */
const DEFAULT_BODY = 'Inline comments from review-gate.';

/** Sends of one review request when GitHub's answer is lost (a 5xx, or none) and it did not land. */
const MAX_REVIEW_SENDS = 2;

/** Thrown inside a run to unwind to the read-only result. */
class WriteRefused extends Error {}

type Submitted = { kind: 'landed' } | { kind: 'refused'; error: unknown };

export function createReviewPublisher(octokit: GitHubClient, options: ReviewPublisherOptions = {}): ReviewPublisher {
  const gate = options.writeGate ?? createWriteGate();
  const maxPerReview = options.maxCommentsPerReview ?? 30;
  if (!Number.isInteger(maxPerReview) || maxPerReview < 1) {
    throw new TypeError(`Expected \`maxCommentsPerReview\` to be an integer from 1 up, got ${maxPerReview}`);
  }
  const isolationBudget = options.maxIsolationRequests ?? 25;
  const log = options.log;
  const trusted = createAuthorTrust(octokit, log);

  const listOwnComments = (pr: PullRequestRef): Promise<ListedInlineComment[]> => listOwnInlineComments(octokit, trusted, pr);

  /** Fingerprint → id of the review carrying it. Pending reviews' comments are not listed. */
  async function listedFingerprints(pr: PullRequestRef): Promise<Map<string, number | null>> {
    const comments = await listOwnComments(pr);
    return new Map(comments.flatMap((comment) => comment.fingerprints.map((fp) => [fp, comment.reviewId] as const)));
  }

  /** The link to a review found after a lost answer; only for the result, so a failure is no error. */
  async function reviewUrlOf(pr: PullRequestRef, reviewId: number | null | undefined): Promise<string | undefined> {
    if (reviewId === null || reviewId === undefined) return undefined;
    try {
      const { data } = await octokit.rest.pulls.getReview({ owner: pr.owner, repo: pr.repo, pull_number: pr.number, review_id: reviewId });
      return data.html_url;
    } catch (error) {
      log?.debug(`Could not read review ${reviewId} of ${describePr(pr)}: ${String(error)}`);
      return undefined;
    }
  }

  /** The review with this body on the head commit, for a body-only review whose answer was lost. */
  async function findBodyOnlyReview(pr: PullRequestRef, body: string): Promise<{ id: number; html_url: string } | undefined> {
    const reviews = await octokit
      .paginate(octokit.rest.pulls.listReviews, { owner: pr.owner, repo: pr.repo, pull_number: pr.number, per_page: 100 })
      .catch((error: unknown) => {
        throw new GitHubApiError(`Listing the reviews of ${describePr(pr)}`, error);
      });
    return reviews.find((r) => r.state === 'COMMENTED' && r.commit_id === pr.headSha && r.body === body);
  }

  async function postReview(pr: PullRequestRef, comments: PlannedComment[], body: string): Promise<PostReviewResult> {
    // A push during the run: what the run found is about an older commit, and the run on the new
    // head posts instead. Nothing stale lands.
    const head = await readPullHead(octokit, pr);
    if (head !== pr.headSha) {
      log?.info(`${describePr(pr)}: the head moved to ${shortSha(head)} since ${shortSha(pr.headSha)} was reviewed; no review posted`);
      return { kind: 'superseded', headSha: head };
    }
    const present = await listedFingerprints(pr);
    const fresh: PlannedComment[] = [];
    const alreadyPresent: PlannedComment[] = [];
    for (const comment of comments) {
      // A fingerprint twice in one batch would be a duplicate as soon as the first lands.
      if (present.has(comment.fingerprint)) alreadyPresent.push(comment);
      else {
        present.set(comment.fingerprint, null);
        fresh.push(comment);
      }
    }
    if (fresh.length === 0) {
      log?.info(`${describePr(pr)}: all ${alreadyPresent.length} inline comments are already there; no review posted`);
      return { kind: 'posted', posted: [], alreadyPresent, rejected: [] };
    }

    const firstBody = body.trim() === '' ? DEFAULT_BODY : body;
    const prober = createProber({ octokit, gate, log, pr });
    let posted: PlannedComment[] = [];
    const rejected: PlannedComment[] = [];
    let reviewsPosted = 0;
    let reviewUrl: string | undefined;
    let probes = 0;

    /** Reviews this run published, so comments deleted as duplicates can be told apart. */
    const ownReviews = new Set<number>();

    function landed(batch: PlannedComment[], url: string | undefined, reviewId: number | null | undefined): void {
      if (reviewsPosted === 0) reviewUrl = url;
      reviewsPosted++;
      posted.push(...batch);
      if (reviewId !== null && reviewId !== undefined) ownReviews.add(reviewId);
    }

    /**
     * One review, published. Automatic retries are off for it: plugin-retry resends a 5xx even on
     * a POST, and a review GitHub stored before answering 502 would land twice. A lost answer is
     * settled by looking: the comments (by fingerprint) or the body-only review are there, or
     * the review is sent once more.
     */
    async function submit(original: PlannedComment[]): Promise<Submitted> {
      const reviewBody = reviewsPosted === 0 ? firstBody : CONTINUATION_BODY;
      let batch = original;
      let clearedPending = false;
      let lostAnswers = 0;
      for (;;) {
        try {
          const { data } = await gate.run(() =>
            octokit.rest.pulls.createReview({
              owner: pr.owner,
              repo: pr.repo,
              pull_number: pr.number,
              commit_id: pr.headSha,
              event: 'COMMENT',
              body: reviewBody,
              comments: toReviewComments(batch),
              request: { retries: 0 },
            }),
          );
          landed(batch, data.html_url, data.id);
          return { kind: 'landed' };
        } catch (error) {
          const status = requestStatus(error);
          if (isPendingReviewConflict(error) && !clearedPending) {
            // A probe a crashed run left pending blocks every review until it is deleted.
            clearedPending = true;
            await prober.clearLeftProbes();
            continue;
          }
          if (status === 422) {
            log?.debug(`GitHub refused a review of ${batch.length} comment(s): ${describeGitHubError(error)}`);
            return { kind: 'refused', error };
          }
          if (reviewsPosted === 0 && isWriteRefused(error)) throw new WriteRefused(readOnlyMessage(describePr(pr), error));
          if (status !== undefined && status < 500) throw new GitHubApiError(`Posting a review on ${describePr(pr)}`, error);

          // No answer, or a 5xx: GitHub may have stored the review all the same.
          lostAnswers++;
          const answered = `GitHub answered ${status ?? 'nothing'}`;
          if (batch.length === 0) {
            const found = await findBodyOnlyReview(pr, reviewBody);
            if (found !== undefined) {
              log?.info(`${describePr(pr)}: ${answered} but the review landed`);
              landed([], found.html_url, found.id);
              return { kind: 'landed' };
            }
          } else {
            const listed = await listedFingerprints(pr);
            const there = batch.filter((c) => listed.has(c.fingerprint));
            if (there.length === batch.length) {
              log?.info(`${describePr(pr)}: ${answered} but the review landed with its ${batch.length} comment(s)`);
              const reviewId = listed.get(batch[0]?.fingerprint ?? '');
              landed(batch, await reviewUrlOf(pr, reviewId), reviewId);
              return { kind: 'landed' };
            }
            if (there.length > 0) {
              // Reviews land whole, so these came from a concurrent run: there, and not sent again.
              posted.push(...there);
              batch = batch.filter((c) => !listed.has(c.fingerprint));
            }
          }
          if (lostAnswers >= MAX_REVIEW_SENDS) {
            throw new GitHubApiError(`Posting a review on ${describePr(pr)} (sent ${lostAnswers} times, not on the pull request afterwards)`, error);
          }
          log?.warning(`${describePr(pr)}: ${answered} to a review and it is not there; sending it once more`);
        }
      }
    }

    /**
     * GitHub's 422 does not say which comment it could not place, so split and ask again, each
     * time as a pending review that is deleted at once: halves GitHub accepts are good, a single
     * comment it refuses is rejected. `knownBad` means GitHub already refused this set, so it is
     * split without asking; and when a first half is accepted, the second is known bad.
     */
    async function isolate(batch: PlannedComment[], knownBad: boolean, good: PlannedComment[]): Promise<boolean> {
      if (!knownBad) {
        if (probes >= isolationBudget) {
          log?.warning(`Gave up isolating ${batch.length} comment(s) GitHub may refuse after ${probes} probes; left out`);
          rejected.push(...batch);
          return false;
        }
        probes++;
        if (await prober.probe(batch)) {
          good.push(...batch);
          return true;
        }
      }
      if (batch.length === 1) {
        rejected.push(...batch);
        return false;
      }
      const half = Math.floor(batch.length / 2);
      const firstAccepted = await isolate(batch.slice(0, half), false, good);
      await isolate(batch.slice(half), firstAccepted, good);
      return false;
    }

    try {
      for (let start = 0; start < fresh.length; start += maxPerReview) {
        const chunk = fresh.slice(start, start + maxPerReview);
        // Published at once when GitHub takes it all (the usual case: one request).
        if ((await submit(chunk)).kind === 'landed') continue;
        const good: PlannedComment[] = [];
        await isolate(chunk, true, good);
        if (good.length === 0) continue;
        const second = await submit(good);
        if (second.kind === 'refused') {
          throw new GitHubApiError(`Posting the ${good.length} comment(s) GitHub accepted as a pending review on ${describePr(pr)}`, second.error);
        }
      }
      // Every comment refused: the body still carries the findings, so it lands on its own.
      if (reviewsPosted === 0 && body.trim() !== '') {
        const bodyOnly = await submit([]);
        if (bodyOnly.kind === 'refused') throw new GitHubApiError(`Posting a review on ${describePr(pr)}`, bodyOnly.error);
      }
    } catch (error) {
      if (error instanceof WriteRefused) return { kind: 'read-only', message: error.message };
      throw error;
    } finally {
      await prober.cleanUp();
    }

    // A racing run may have posted the same comments meanwhile: one copy of each stays. The
    // review has landed either way, so a failure here costs a duplicate, never the gate.
    if (posted.length > 0) {
      try {
        const removed = await removeDuplicateComments({ octokit, gate, log }, pr, await listOwnComments(pr));
        const ownRemoved = new Set(removed.filter((c) => c.reviewId !== null && ownReviews.has(c.reviewId)).flatMap((c) => c.fingerprints));
        // Ours deleted, the racing run's older copy there: already present, as if listed first.
        alreadyPresent.push(...posted.filter((c) => ownRemoved.has(c.fingerprint)));
        posted = posted.filter((c) => !ownRemoved.has(c.fingerprint));
      } catch (error) {
        log?.warning(`${describePr(pr)}: could not check for inline comments a racing run posted too: ${describeGitHubError(error)}`);
      }
    }

    if (rejected.length > 0) {
      const where = rejected.map((c) => `${c.path}:${c.line}`).join(', ');
      log?.warning(`${describePr(pr)}: GitHub could not place ${rejected.length} inline ${rejected.length === 1 ? 'comment' : 'comments'} (${where}); left out of the review and listed in the summary`);
    }
    log?.debug(`${describePr(pr)}: ${probes} probe(s) to isolate refused comments`);
    return reviewUrl === undefined
      ? { kind: 'posted', posted, alreadyPresent, rejected }
      : { kind: 'posted', posted, alreadyPresent, rejected, reviewUrl };
  }

  return {
    postReview,
    upsertSummary: (pr, body) => upsertSummaryComment({ octokit, gate, log, trusted }, pr, body),
  };
}
