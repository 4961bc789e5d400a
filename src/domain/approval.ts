/**
 * Whether someone with write access approved the pull request at its current head: what a
 * `review-gate-ignore` marker the pull request adds waits for under `suppressions-need-approval`.
 * Read from GitHub once a run, and only when such a marker is there.
 */
import type { PullRequestRef } from './pull-request';

export type Approval =
  /** A review in state APPROVED on the head commit, by `by`, who has write, maintain or admin access. */
  | { kind: 'approved'; by: string }
  /** None such: `why` says what there is instead (no approval on this commit, or only by people without write access). */
  | { kind: 'not-approved'; why: string }
  /** The reviews or an approver's access could not be read: counts as not approved (fail closed). */
  | { kind: 'unknown'; why: string };

/** Reads the approval of a pull request at `pr.headSha`; never throws (`unknown` instead). */
export type ApprovalReader = (pr: PullRequestRef) => Promise<Approval>;
