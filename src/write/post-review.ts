/**
 * Posting the review, as data: it is posted before the gate decides (its outcome is one of the
 * gate's inputs) and never throws: a failure is an outcome the rest of the run shows. The
 * summary comment, which carries the verdict, is a surface of the publish stage.
 */
import { describeError } from '../domain/errors';
import { shortSha } from '../domain/object-name';
import type { Logger } from '../domain/logger';
import type { PlannedComment, PostingReport, ReviewPublisher } from '../domain/writes';
import type { PullRequestRef } from '../domain/pull-request';

/**
 * The review's own text. It is posted before the verdict is decided, so it states none: the
 * summary comment, the check and the job summary carry the one verdict.
 */
export function reviewBody(headSha: string): string {
  return `**review-gate** findings on lines this pull request adds, at \`${shortSha(headSha)}\`; the summary comment has the verdict and the details.`;
}

export async function postReview(
  publisher: Pick<ReviewPublisher, 'postReview'>,
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
