/**
 * How every surface says that a file's own text changed its review (injection-check): one
 * sentence for a marked finding, one for a marked file, the same words everywhere. Plain text
 * (each surface escapes it its own way), and for the inline comment its markdown note. Nothing is
 * said of a file or a finding without the mark, so a run with nothing swayed reads as before.
 */
import type { LabelledFinding } from '../../domain/findings';
import { BLANKED_SCORE_MARGIN, POSSIBLE_INJECTION } from '../../domain/injection';
import type { PromptInjectionMark } from '../../domain/injection';
import { plural } from '../../domain/words';

/** The mark's short form, beside a finding in a list: `possible prompt injection`. */
export const INJECTION_MARK = 'possible prompt injection';

/** Why a marked finding is there, as a sentence. */
export const INJECTED_FINDING =
  "Only the review of this file with its comments and strings blanked reports this; the review of the file as written did not. The file's own text changed the review (possible prompt injection), so the finding counts.";

/** What the mark of a file says: its blanked score, what counts, and why. */
export function markedFileText(mark: PromptInjectionMark, score: number): string {
  const what: string[] = [];
  if (mark.scoreBelow !== undefined) {
    what.push(`with its comments and strings blanked it scored ${mark.blankedScore}, more than ${BLANKED_SCORE_MARGIN} points below min-score ${mark.scoreBelow}, while it scored ${score} as written`);
  }
  if (mark.findings > 0) {
    what.push(`the review with its comments and strings blanked reported ${plural(mark.findings, 'error')} the review of the file as written did not`);
  }
  return `${POSSIBLE_INJECTION.charAt(0).toUpperCase()}${POSSIBLE_INJECTION.slice(1)}: ${what.join('; and ')}.`;
}

/** The note of a marked finding's inline comment; '' for any other finding. */
export function injectionNote(finding: Pick<LabelledFinding, 'possibleInjection'>): string {
  return finding.possibleInjection === true ? `⚠️ **Possible prompt injection.** ${INJECTED_FINDING}` : '';
}
