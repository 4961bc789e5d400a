/**
 * injection-check's second review of a file: the same request as its first review, but with the
 * file's comments and strings blanked (locate/defang.ts, passed in by the pipeline: this stage
 * comes before locate), so no word the author wrote reaches the judge. It is a queue task of its
 * own, right after the file's first, so it gets the same retries, pauses, pace and deadline, and
 * the result cache keeps its answer apart (its code differs): a re-run sends neither request.
 *
 * Nothing is sent for a file with no comment or string text (it would read the same code), nor
 * for one whose first task never read it. A file whose text the lexer cannot tell from its code
 * is not reviewed (fail closed): a second review that still held the author's words would prove
 * nothing. A second review that fails leaves the file not reviewed too, saying why.
 */
import { NotReviewableError } from '../collect/errors';
import type { Defanged } from '../domain/injection';
import type { FileOutcome } from '../domain/outcomes';
import type { ChangedFile } from '../domain/pull-request';
import type { FocusArea, ReviewLanguage } from '../domain/vocabulary';
import { NOT_SENT, serviceTask } from './review-task';
import type { FileTask, SharedAnswers, TaskDeps } from './review-task';

/** The file as its second review is to see it; undefined when injection-check is off for it. */
export type DefangFile = (file: ChangedFile, content: string, language: ReviewLanguage) => Defanged | undefined;

/** What the second review is, where a reason names it. */
const SECOND = "its second review (injection-check: the file with its comments and strings blanked)";

export function secondReviewTask(first: FileTask, file: ChangedFile, deps: TaskDeps, focusAreas: readonly FocusArea[], defang: DefangFile, shared: SharedAnswers): FileTask {
  return serviceTask(file.path, deps, focusAreas, shared, async () => {
    const read = await first.read;
    if (read === undefined) return NOT_SENT;
    const defanged = defang(file, read.text, read.language);
    if (defanged === undefined || defanged.kind === 'nothing') return NOT_SENT;
    if (defanged.kind === 'unsure') {
      throw new NotReviewableError(
        file.path,
        `not reviewed: from line ${defanged.line} on, its comments and strings cannot be told from its code for sure ` +
          `(code the language refuses, or a construct that reads two ways), so ${SECOND} cannot be made; ` +
          'set injection-check: off for this path in the policy file to review it without',
      );
    }
    return { text: defanged.text, language: read.language, throughLink: read.throughLink };
  });
}

/** A file whose second review did not end with an answer: not reviewed, saying why. */
export function secondNotReviewed(failed: Extract<FileOutcome, { kind: 'failed' }>): FileOutcome {
  // The unsure file's reason already names the second review.
  return failed.reason.includes(SECOND) ? failed : { ...failed, reason: `not reviewed: ${SECOND} failed: ${failed.reason}` };
}
