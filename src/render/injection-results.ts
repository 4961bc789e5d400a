/**
 * A file whose score counts as below min-score only with its comments and strings blanked
 * (injection-check) fails the check without any finding to show it by. The machine-readable
 * reports whose entries are findings (SARIF, Code Quality) give each such file an entry of its
 * own, at line 1, saying so; a finding only the blanked review reported is an entry already, and
 * carries the mark itself. No such file, no entry: a run with nothing swayed reports as before.
 */
import { POSSIBLE_INJECTION } from '../domain/injection';
import type { FileOutcome } from '../domain/outcomes';
import { findingFingerprint } from '../locate/fingerprint';
import { markedFileText } from './markdown/injection';

/** The rule (SARIF) and check (Code Quality) of these entries. */
export const INJECTION_RULE_ID = 'review-gate/possible-prompt-injection';
const RULE_TEXT = `The score of a file fell below min-score only once its comments and strings were blanked: ${POSSIBLE_INJECTION}`;

export interface ScoreSwayedFile {
  path: string;
  /** What the mark says, as every surface says it. */
  text: string;
  /** Stable across runs: the path and the rule. */
  fingerprint: string;
}

/** The reviewed files whose blanked score counts as below min-score, in the list's order. */
export function scoreSwayedFiles(outcomes: readonly FileOutcome[]): ScoreSwayedFile[] {
  return outcomes.flatMap((o) =>
    o.kind === 'reviewed' && o.injection?.scoreBelow !== undefined
      ? [{ path: o.path, text: markedFileText(o.injection, o.score), fingerprint: findingFingerprint({ path: o.path, message: INJECTION_RULE_ID }) }]
      : [],
  );
}

/** The SARIF rule of these entries. */
export function injectionRule(): Record<string, unknown> {
  return {
    id: INJECTION_RULE_ID,
    shortDescription: { text: RULE_TEXT },
    fullDescription: { text: RULE_TEXT },
    help: { text: 'injection-check reviews each file again with its comments and strings blanked; see docs/injection-check.md.' },
    defaultConfiguration: { level: 'error' },
    properties: { tags: ['review-gate', 'security'] },
  };
}
