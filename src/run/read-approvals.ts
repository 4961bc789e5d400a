/**
 * The approval a `review-gate-ignore` marker the pull request adds waits for, under
 * `suppressions-need-approval`: read from GitHub once, only on a pull request's run and only when
 * such a marker suppresses something, so a run without one costs no request. The terminal and a
 * merge group read none (a merge group's pull request was approved to enter the queue by its own
 * check); their markers count as written.
 */
import type { Approval, ApprovalReader } from '../domain/approval';
import type { Logger } from '../domain/logger';
import type { FileOutcome } from '../domain/outcomes';
import type { PullRequestRef } from '../domain/pull-request';
import { addsSuppressions } from '../locate/suppression-approval';

export async function readApproval(
  needed: boolean,
  reader: ApprovalReader | undefined,
  pr: PullRequestRef | undefined,
  outcomes: readonly FileOutcome[],
  log: Logger,
): Promise<Approval | undefined> {
  if (!needed || reader === undefined || pr === undefined || !addsSuppressions(outcomes)) return undefined;
  const approval = await reader(pr);
  log.info(
    approval.kind === 'approved'
      ? `The review-gate-ignore markers this pull request adds count: @${approval.by} approved it at this head (suppressions-need-approval).`
      : `The review-gate-ignore markers this pull request adds wait for approval: ${approval.why} (suppressions-need-approval).`,
  );
  return approval;
}
