/**
 * injection-check: a file's two answers weighed as one. The first review saw the file; the second
 * saw it with every comment and string blanked (defang.ts), so no word of its author's. The gate
 * takes the stricter of the two, and nothing more:
 *
 * - an error the second review reports that the first did not report at least as severely on
 *   the same line (or in the same words anywhere in the file), and that the gate counts where
 *   it is, is added to the file's findings, marked `possibleInjection`. The same finding worded
 *   differently on the same line is the first's, and posts once. Warnings and infos of the
 *   second review are left out: blanked code draws remarks about its blanks that no honest
 *   review of the file would make;
 * - a blanked score that is below min-score by more than BLANKED_SCORE_MARGIN, where the file's
 *   own score is not below it, counts as below min-score (the gate reads `scoreBelow`).
 *
 * Either one marks the file; a file neither marks carries no mark, and its findings are the first
 * review's alone. Pure.
 */
import type { LabelledFinding } from '../domain/findings';
import { BLANKED_SCORE_MARGIN } from '../domain/injection';
import type { PromptInjectionMark } from '../domain/injection';
import type { Logger } from '../domain/logger';
import type { ChangedFile } from '../domain/pull-request';
import { SEVERITIES } from '../domain/vocabulary';
import type { ReviewLanguage } from '../domain/vocabulary';
import type { ScoredFindings } from '../domain/review-answer';
import { normalizeMessage } from './fingerprint';
import { locateFindings, readFile } from './locate-findings';
import type { LocateSettings } from './locate-findings';

export interface WeighedAnswers {
  findings: LabelledFinding[];
  injection?: PromptInjectionMark;
}

/** Whether `first` reports what `second` does, at least as severely: on its line, or in its words. */
function alsoReported(second: LabelledFinding, first: readonly LabelledFinding[]): boolean {
  const words = normalizeMessage(second.message);
  return first.some(
    (f) =>
      SEVERITIES.indexOf(f.severity) <= SEVERITIES.indexOf(second.severity) &&
      ((second.line !== null && f.line === second.line) || normalizeMessage(f.message) === words),
  );
}

/**
 * The file's findings and mark from its first answer's findings and score, and its second's
 * (located against the same file and diff, so a marker in the file covers both alike).
 */
export function weighAnswers(
  first: { findings: LabelledFinding[]; score: number },
  second: { findings: readonly LabelledFinding[]; score: number },
  minScore: number,
): WeighedAnswers {
  const added = second.findings
    .filter((f) => f.severity === 'error' && f.counts && !alsoReported(f, first.findings))
    .map((f): LabelledFinding => ({ ...f, possibleInjection: true }));
  const scoreBelow = first.score >= minScore && second.score + BLANKED_SCORE_MARGIN < minScore ? minScore : undefined;
  if (added.length === 0 && scoreBelow === undefined) return { findings: first.findings };
  // A flag on the line of an added issue is that issue's (same-line-flags.ts): one finding, counted once.
  const issueLines = new Set(added.filter((f) => f.source !== 'security-flag').map((f) => f.line));
  const counted = added.filter((f) => f.source !== 'security-flag' || !issueLines.has(f.line)).length;
  return {
    findings: [...first.findings, ...added],
    injection: { blankedScore: second.score, ...(scoreBelow === undefined ? {} : { scoreBelow }), findings: counted },
  };
}

/**
 * A file's answers located: its first review's findings (`locateFindings`), and with a second
 * answer, both weighed. Both are located against the same file, diff and markers.
 */
export function locateAnswers(
  file: ChangedFile,
  language: ReviewLanguage,
  answers: { first: ScoredFindings; second?: ScoredFindings | undefined },
  content: string,
  settings: LocateSettings & { minScore: number },
  log: Logger,
): WeighedAnswers {
  const read = readFile(file, language, content, log);
  const findings = locateFindings(file, language, answers.first, content, settings, log, true, read);
  if (answers.second === undefined) return { findings };
  // What the file holds (a line break git does not count) was said of the first answer already.
  const quiet: Logger = { ...log, warning: () => undefined };
  const second = locateFindings(file, language, answers.second, content, settings, quiet, false, read);
  return weighAnswers({ findings, score: answers.first.score }, { findings: second, score: answers.second.score }, settings.minScore);
}
