/**
 * The report stage's writes to the pull request, as data: the review is posted before the gate
 * decides (its outcome is one of the gate's inputs), the summary comment after, carrying the
 * verdict. Neither throws: a failure is an outcome the rest of the run shows.
 */
import { describeError } from '../domain/errors';
import { shortSha } from '../github/pull-head';
import type { Logger } from '../domain/logger';
import type { PlannedComment, PostingReport, ReviewPublisher, SummaryReport } from '../domain/writes';
import type { PullRequestRef } from '../domain/pull-request';

/**
 * The review's own text. It is posted before the verdict is decided, so it states none: the
 * summary comment, the check and the job summary carry the one verdict.
 */
export function reviewBody(headSha: string): string {
  return `**review-gate** findings on lines this pull request adds, at \`${shortSha(headSha)}\`; the summary comment has the verdict and the details.`;
}

export async function postReview(
  publisher: ReviewPublisher,
  pr: PullRequestRef,
  comments: PlannedComment[],
  log: Logger,
): Promise<PostingReport> {
  return log.group('Post the review', async () => {
    let posting: PostingReport;
    try {
      posting = await publisher.postReview(pr, comments, reviewBody(pr.headSha));
    } catch (error) {
      posting = { kind: 'failed', message: `the review could not be posted to GitHub: ${describeError(error)}` };
    }
    if (posting.kind === 'read-only' || posting.kind === 'failed') log.warning(posting.message);
    else if (posting.kind === 'superseded') {
      log.info(`The pull request's head moved to ${shortSha(posting.headSha)} during the run: no review and no summary posted for ${shortSha(pr.headSha)}`);
    } else if (posting.kind === 'posted') {
      log.info(
        `Review ${posting.reviewUrl ?? '(none: nothing new)'}: ${posting.posted.length} new inline comments, ` +
          `${posting.alreadyPresent.length} already on the pull request, ${posting.rejected.length} rejected by GitHub`,
      );
    }
    return posting;
  });
}

/** Writes the summary comment, unless posting already showed there is no point (read-only, superseded). */
export async function postSummary(
  publisher: ReviewPublisher,
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
