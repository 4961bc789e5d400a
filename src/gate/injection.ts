/**
 * What injection-check adds to the verdict (locate/injection.ts weighed each file's two answers):
 * a file whose score, with its comments and strings blanked, is below min-score by more than the
 * margin while its own score is not fails by score; the errors only that second review reported
 * are counted with the others and named in their reason. A file nothing swayed adds nothing.
 * Pure.
 */
import type { LabelledFinding } from '../domain/findings';
import { BLANKED_SCORE_MARGIN, POSSIBLE_INJECTION } from '../domain/injection';
import type { FileOutcome } from '../domain/outcomes';
import { plural } from '../domain/words';
import { visiblePath } from '../safety/terminal';

/** Why each file whose blanked score counts as below min-score fails the check. */
export function blankedScoreReasons(outcomes: readonly FileOutcome[]): Array<{ text: string; paths: string[] }> {
  return outcomes.flatMap((o) => {
    if (o.kind !== 'reviewed' || o.injection?.scoreBelow === undefined) return [];
    const { blankedScore, scoreBelow } = o.injection;
    return [
      {
        text:
          `quality score of ${visiblePath(o.path)} with its comments and strings blanked is ${blankedScore}, more than ${BLANKED_SCORE_MARGIN} points ` +
          `below min-score ${scoreBelow}, while its own review scored ${o.score}: ${POSSIBLE_INJECTION} (injection-check: on)`,
        paths: [o.path],
      },
    ];
  });
}

/** Says how many of the counted findings only the blanked review reported, so a swayed failure reads as one. */
export function swayedFindings(findings: readonly LabelledFinding[]): string {
  const swayed = findings.filter((f) => f.possibleInjection === true).length;
  if (swayed === 0) return '';
  return `, including ${plural(swayed, 'finding')} only the review with the files' comments and strings blanked reported: ${POSSIBLE_INJECTION}`;
}
