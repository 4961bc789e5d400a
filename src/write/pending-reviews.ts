/**
 * Asking GitHub whether it can place comments without publishing them: a review created without
 * `event` stays PENDING, visible to its author only, and is deleted as soon as GitHub answers.
 * GitHub lets a user hold one pending review per pull request and refuses every other review
 * meanwhile, submitted ones included (422 "User can only have one pending review per pull
 * request"); so no probe may outlive the run. Each is deleted at once, `cleanUp` runs in a
 * finally, and a probe a crashed run left behind is found by its marker and deleted.
 */
import type { PlannedComment } from '../domain/writes';
import type { PullRequestRef } from '../domain/pull-request';
import { GitHubApiError, PendingReviewConflictError, describeGitHubError, describePr, requestStatus } from '../github/errors';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import type { WriteGate } from '../github/write-gate';
import { integer, nullable, object, string } from '../domain/shape';
import { readRestList, wrapListFailure } from '../github/paged-list';

/** Marks a probe's body, so a later run can tell a probe it may delete from a person's draft. */
export const PROBE_MARKER = '<!-- review-gate:probe -->';

export const PROBE_BODY = `review-gate is checking that GitHub can place these comments; this draft is deleted at once.\n\n${PROBE_MARKER}`;

export interface ReviewTarget {
  octokit: GitHubClient;
  gate: WriteGate;
  log: GitHubLog | undefined;
  pr: PullRequestRef;
}

export interface Prober {
  /** True when GitHub accepts every comment (the probe is already deleted again), false on its 422. */
  probe(batch: PlannedComment[]): Promise<boolean>;
  /**
   * Deletes the probes review-gate left pending, after GitHub refused a review because one is
   * there; a `PendingReviewConflictError` when the pending review is not a probe.
   */
  clearLeftProbes(): Promise<void>;
  /** For a finally: deletes what this run may have left pending. Logs failures, never throws. */
  cleanUp(): Promise<void>;
}

/** GitHub's 422 for a new review while the user holds a pending one. */
export function isPendingReviewConflict(error: unknown): boolean {
  return requestStatus(error) === 422 && /one pending review/i.test(describeGitHubError(error));
}

/** The fields of a listed review review-gate reads. */
const REVIEW = object({ id: integer, state: string, body: string, commit_id: nullable(string), html_url: string });

/** Every review on the pull request, submitted or not (GitHub lists a pending review to its author only). */
export async function listReviews(octokit: GitHubClient, pr: PullRequestRef): Promise<Array<ReturnType<typeof REVIEW>>> {
  return readRestList(
    { what: `the reviews of ${describePr(pr)}`, entry: REVIEW, identity: (review) => `review ${review.id}`, perPage: 100 },
    (page) => octokit.rest.pulls.listReviews({ owner: pr.owner, repo: pr.repo, pull_number: pr.number, per_page: 100, page }),
  ).catch((error: unknown) => {
    throw wrapListFailure(`Listing the reviews of ${describePr(pr)}`, error);
  });
}

/** Inline comments as the review endpoints take them. */
export function toReviewComments(batch: PlannedComment[]): Array<{ path: string; line: number; side: 'RIGHT'; body: string }> {
  return batch.map((c) => ({ path: c.path, line: c.line, side: 'RIGHT' as const, body: c.body }));
}

export function createProber({ octokit, gate, log, pr }: ReviewTarget): Prober {
  const target = { owner: pr.owner, repo: pr.repo, pull_number: pr.number };
  /** Probes created and not deleted yet. */
  const open = new Set<number>();
  /** A probe request went unanswered: GitHub may hold a probe whose id we never saw. */
  let unanswered = false;

  async function discard(id: number): Promise<void> {
    try {
      await gate.run(() => octokit.rest.pulls.deletePendingReview({ ...target, review_id: id }));
    } catch (error) {
      // Already gone is what we wanted.
      if (requestStatus(error) !== 404) throw new GitHubApiError(`Deleting pending review ${id} of ${describePr(pr)}`, error);
    }
    open.delete(id);
  }

  /** The pending reviews listed: GitHub lists a pending review to its author only, so all are the token's user's. */
  async function listPending(): Promise<{ probes: number[]; others: number[] }> {
    const reviews = await listReviews(octokit, pr);
    const pending = reviews.filter((review) => review.state === 'PENDING');
    return {
      probes: pending.filter((review) => review.body.includes(PROBE_MARKER)).map((review) => review.id),
      others: pending.filter((review) => !review.body.includes(PROBE_MARKER)).map((review) => review.id),
    };
  }

  async function clearLeftProbes(): Promise<void> {
    const { probes, others } = await listPending();
    if (probes.length === 0) throw new PendingReviewConflictError(describePr(pr), others);
    for (const id of probes) await discard(id);
    log?.info(`${describePr(pr)}: deleted ${probes.length} pending review(s) review-gate left behind (${probes.join(', ')})`);
  }

  async function probe(batch: PlannedComment[]): Promise<boolean> {
    let cleared = false;
    for (;;) {
      let id: number;
      try {
        const { data } = await gate.run(() =>
          octokit.rest.pulls.createReview({ ...target, commit_id: pr.headSha, body: PROBE_BODY, comments: toReviewComments(batch) }),
        );
        id = data.id;
      } catch (error) {
        if (isPendingReviewConflict(error) && !cleared) {
          cleared = true;
          await clearLeftProbes();
          continue;
        }
        if (requestStatus(error) === 422 && !isPendingReviewConflict(error)) return false;
        const status = requestStatus(error);
        if (status === undefined || status >= 500) unanswered = true;
        throw new GitHubApiError(`Checking ${batch.length} comment(s) on ${describePr(pr)} as a pending review`, error);
      }
      open.add(id);
      await discard(id);
      return true;
    }
  }

  async function cleanUp(): Promise<void> {
    for (const id of [...open]) {
      await discard(id).catch((error: unknown) => log?.warning(`${describePr(pr)}: could not delete pending review ${id}: ${String(error)}`));
    }
    if (!unanswered) return;
    try {
      const { probes } = await listPending();
      for (const id of probes) await discard(id);
    } catch (error) {
      log?.warning(`${describePr(pr)}: could not check for a pending review left behind: ${String(error)}`);
    }
  }

  return { probe, clearLeftProbes, cleanUp };
}
