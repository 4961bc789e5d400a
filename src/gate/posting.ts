/**
 * What posting the review means for the verdict. A review that could not land fails the check
 * (nothing is lost silently); a read-only token or a superseded run is a notice, since the
 * findings are still shown elsewhere or gated by the newer run.
 */
import { shortSha } from '../domain/object-name';
import type { PostingReport } from '../domain/writes';

export const READ_ONLY_NOTICE =
  'Nothing was posted to the pull request (read-only token): the findings are in the annotations and this job summary';

export function postingEffect(posting: PostingReport | undefined, reviewedSha: string): { reasons: string[]; notices: string[] } {
  switch (posting?.kind) {
    case 'failed':
      return { reasons: [posting.message], notices: [] };
    case 'read-only':
      return { reasons: [], notices: [READ_ONLY_NOTICE] };
    case 'superseded':
      return { reasons: [], notices: [supersededNotice(reviewedSha, posting.headSha, 'before-review')] };
    default:
      return { reasons: [], notices: [] };
  }
}

/** The head moved during the run: before anything was posted, or after the review landed. */
export function supersededNotice(reviewed: string, head: string, when: 'before-review' | 'before-summary'): string {
  const what =
    when === 'before-review'
      ? 'so neither a review nor a summary comment was posted for it'
      : 'after its review was posted, so the summary comment was left to the newer run';
  return (
    `Superseded: the pull request's head moved from ${shortSha(reviewed)} to ${shortSha(head)} during this run, ${what}. ` +
    `This verdict is for ${shortSha(reviewed)}; the run on ${shortSha(head)} gates the pull request`
  );
}
