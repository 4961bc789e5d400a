/**
 * injection-check's vocabulary, read by every stage after the review: the file as its second
 * review sees it (comments and strings blanked), and the mark of a file whose own text changed its
 * review. The judge is an LLM and the file is written by the author it judges, so the gate takes
 * the stricter of two answers: the file's, and the same file with none of the author's words.
 */

/** The file as injection-check's second review is sent it (locate/defang.ts), or why it is not sent. */
export type Defanged =
  /** The text to send: every comment's text and every string's contents blanked, lines and length kept. */
  | { kind: 'blanked'; text: string }
  /** No comment or string holds anything but spaces: the second review would read the same code. */
  | { kind: 'nothing' }
  /** From `line` (1-based) on, the file's comments and strings cannot be told from its code for sure. */
  | { kind: 'unsure'; line: number };

/**
 * How many points lower the blanked file's score may be than min-score allows before it counts:
 * code whose comments and strings are blank reads worse (docs/injection-check.md says how the
 * margin was chosen).
 */
export const BLANKED_SCORE_MARGIN = 10;

/** What every surface says of a marked file or finding. */
export const POSSIBLE_INJECTION = "the file's text changed the review (possible prompt injection)";

/** What the second review is, in a few words, for every surface. */
export const SECOND_REVIEW = 'the review of this file with its comments and strings blanked';

/**
 * The mark of a file whose own text changed its review: set only when it did, so a run with
 * nothing swayed carries no mark. Decided once, when the file's two answers are located.
 */
export interface PromptInjectionMark {
  /** The quality score of the second review, of the file with its comments and strings blanked. */
  blankedScore: number;
  /**
   * The file's min-score when the blanked score, with BLANKED_SCORE_MARGIN added, is below it
   * while the file's own score is not: the score counts as below min-score.
   */
  scoreBelow?: number;
  /** Error findings only the second review reported that the gate counts (each has `possibleInjection`). */
  findings: number;
}
