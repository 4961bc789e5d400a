/**
 * Each counted finding below its file's `fail-on-severity` labelled so (`belowFailOnSeverity`),
 * with the policy rule that set that threshold for the file when one did: the gate does not fail
 * on it, and every surface says why from this label. Pure; runs once, after the dismissals and the
 * flags an issue stands for are labelled, with the settings the file is judged by.
 */
import { failsAt } from '../domain/finding-effect';
import type { BelowFailOnSeverity, LabelledFinding } from '../domain/findings';
import type { FileSettings } from '../domain/policy';
import { withFields } from '../domain/with-fields';

/** The policy's rules by number, with their globs, as the settings hold them. */
export type RulePaths = ReadonlyMap<number, readonly string[]>;

export function labelThresholds(findings: readonly LabelledFinding[], settings: Pick<FileSettings, 'failOnSeverity' | 'decidedBy'>, rules: RulePaths): LabelledFinding[] {
  const number = settings.decidedBy['fail-on-severity'];
  const below: BelowFailOnSeverity = {
    failOnSeverity: settings.failOnSeverity,
    ...(number === undefined ? {} : { rule: { number, paths: [...(rules.get(number) ?? [])] } }),
  };
  return findings.map((f) => (f.counts && !failsAt(f.severity, settings.failOnSeverity) ? withFields(f, { belowFailOnSeverity: below }) : f));
}
