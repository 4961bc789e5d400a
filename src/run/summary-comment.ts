/**
 * The summary comment: the verdict and its details on the pull request, written after the gate
 * decided, from its verdict. Writing it never changes the verdict: a failure is an outcome the
 * surfaces written after it (the check run, the job summary) report.
 */
import { describeError } from '../domain/errors';
import type { Logger } from '../domain/logger';
import type { PullRequestRef } from '../domain/pull-request';
import type { PostingReport, ReviewPublisher, SummaryReport } from '../domain/writes';
import { shortSha } from '../domain/object-name';

/** Writes the summary comment, unless posting already showed there is no point (read-only, superseded). */
export async function postSummary(
  publisher: Pick<ReviewPublisher, 'upsertSummary'>,
  pr: PullRequestRef,
  posting: PostingReport,
  body: string,
  log: Logger,
): Promise<SummaryReport> {
  if (posting.kind === 'read-only') return { kind: 'read-only', message: posting.message };
  if (posting.kind === 'superseded' || posting.kind === 'dry-run') return posting;
  let summary: SummaryReport;
  try {
    summary = await publisher.upsertSummary(pr, body);
  } catch (error) {
    summary = { kind: 'failed', message: `the summary comment could not be posted to GitHub: ${describeError(error)}` };
  }
  if (summary.kind === 'read-only' || summary.kind === 'failed') log.warning(summary.message);
  else if (summary.kind === 'superseded') log.info(`The pull request's head moved to ${shortSha(summary.headSha)}: the summary comment is left to the run on it`);
  else log.info(`Summary comment ${summary.kind}${summary.url === undefined ? '' : `: ${summary.url}`}`);
  return summary;
}
