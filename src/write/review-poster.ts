/**
 * Publishes one review and says what became of it. Automatic retries are off for it:
 * plugin-retry resends a 5xx even on a POST, and a review GitHub stored before answering 502
 * would land twice. A lost answer is settled by looking: the comments (by fingerprint) or the
 * body-only review are there, or the review is sent once more.
 */
import type { PlannedComment } from '../domain/writes';
import type { PullRequestRef } from '../domain/pull-request';
import { GitHubApiError, describeGitHubError, describePr, isWriteRefused, readOnlyMessage, requestStatus } from '../github/errors';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import type { WriteGate } from '../github/write-gate';
import { isPendingReviewConflict, listReviews, toReviewComments } from './pending-reviews';
import type { Prober } from './pending-reviews';

/** Sends of one review request when GitHub's answer is lost (a 5xx, or none) and it did not land. */
const MAX_REVIEW_SENDS = 2;

export interface ReviewPosterContext {
  octokit: GitHubClient;
  gate: WriteGate;
  log: GitHubLog | undefined;
  pr: PullRequestRef;
  /** Clears the probes a crashed run left pending, which block every review. */
  prober: Pick<Prober, 'clearLeftProbes'>;
  /** Fingerprint → id of the review carrying it, for our inline comments on the pull request now. */
  listFingerprints: () => Promise<ReadonlyMap<string, number | null>>;
}

export interface ReviewToSend {
  body: string;
  comments: PlannedComment[];
  /** No review of this run has landed yet: a 403/404 then means the token cannot write at all. */
  first: boolean;
}

export type SentReview =
  | {
      kind: 'landed';
      url: string | undefined;
      reviewId: number | undefined;
      /** The comments the review carries: those sent, less any `racedIn`. */
      comments: PlannedComment[];
      /** Comments a racing run had already posted, found while settling a lost answer: not sent again. */
      racedIn: PlannedComment[];
    }
  /** GitHub's 422: it cannot place some comment (or the review at all). */
  | { kind: 'refused'; error: unknown; racedIn: PlannedComment[] }
  /** The token cannot write (fork pull requests). */
  | { kind: 'read-only'; message: string };

export async function sendReview(context: ReviewPosterContext, review: ReviewToSend): Promise<SentReview> {
  const { octokit, gate, log, pr, prober } = context;
  let batch = review.comments;
  const racedIn: PlannedComment[] = [];
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
          body: review.body,
          comments: toReviewComments(batch),
          request: { retries: 0 },
        }),
      );
      return { kind: 'landed', url: data.html_url, reviewId: data.id, comments: batch, racedIn };
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
        return { kind: 'refused', error, racedIn };
      }
      if (review.first && isWriteRefused(error)) return { kind: 'read-only', message: readOnlyMessage(describePr(pr), error) };
      if (status !== undefined && status < 500) throw new GitHubApiError(`Posting a review on ${describePr(pr)}`, error);

      // No answer, or a 5xx: GitHub may have stored the review all the same.
      lostAnswers++;
      const answered = `GitHub answered ${status ?? 'nothing'}`;
      if (batch.length === 0) {
        const found = await findBodyOnlyReview(context, review.body);
        if (found !== undefined) {
          log?.info(`${describePr(pr)}: ${answered} but the review landed`);
          return { kind: 'landed', url: found.html_url, reviewId: found.id, comments: [], racedIn };
        }
      } else {
        const listed = await context.listFingerprints();
        const there = batch.filter((c) => listed.has(c.fingerprint));
        if (there.length === batch.length) {
          log?.info(`${describePr(pr)}: ${answered} but the review landed with its ${batch.length} comment(s)`);
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
        throw new GitHubApiError(`Posting a review on ${describePr(pr)} (sent ${lostAnswers} times, not on the pull request afterwards)`, error);
      }
      log?.warning(`${describePr(pr)}: ${answered} to a review and it is not there; sending it once more`);
    }
  }
}

/** The link to a review found after a lost answer; only for the result, so a failure is no error. */
async function reviewUrlOf({ octokit, log, pr }: ReviewPosterContext, reviewId: number | undefined): Promise<string | undefined> {
  if (reviewId === undefined) return undefined;
  try {
    const { data } = await octokit.rest.pulls.getReview({ owner: pr.owner, repo: pr.repo, pull_number: pr.number, review_id: reviewId });
    return data.html_url;
  } catch (error) {
    log?.debug(`Could not read review ${reviewId} of ${describePr(pr)}: ${String(error)}`);
    return undefined;
  }
}

/** The review with this body on the head commit, for a body-only review whose answer was lost. */
async function findBodyOnlyReview({ octokit, pr }: ReviewPosterContext, body: string): Promise<{ id: number; html_url: string } | undefined> {
  const reviews = await listReviews(octokit, pr);
  return reviews.find((r) => r.state === 'COMMENTED' && r.commit_id === pr.headSha && r.body === body);
}
