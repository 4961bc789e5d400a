/**
 * What the gate counted and which severities fail the check, as the summary's facts and the
 * terminal's closing lines say it, so counted warnings are not read as failing the check when
 * they do not. A policy rule may give a file a bar of its own: then that is said too, and each
 * such finding says which rule (domain/finding-effect.ts).
 */
import type { FileOutcome } from '../domain/outcomes';
import type { GateVerdict } from '../domain/verdict';
import type { FailOnSeverity } from '../domain/vocabulary';
import { plural } from '../domain/words';

/** Which counted findings fail the check, by `fail-on-severity`. */
const FAILING_SEVERITIES: Readonly<Record<FailOnSeverity, string>> = {
  error: 'only errors fail the check',
  warning: 'errors and warnings fail the check',
  info: 'findings of every severity fail the check',
  never: 'no finding fails the check',
};

/** `counted by the gate: 2 errors, 6 warnings, 2 infos`, then which of them fail the check. */
export function countedFacts(verdict: Pick<GateVerdict, 'counted' | 'failOnSeverity'>, files: readonly FileOutcome[]): string[] {
  const { error, warning, info } = verdict.counted;
  const facts = [`counted by the gate: ${plural(error, 'error', 'errors')}, ${plural(warning, 'warning', 'warnings')}, ${plural(info, 'info', 'infos')}`];
  if (verdict.failOnSeverity === undefined) return facts;
  const ruled = files.some((f) => f.kind === 'reviewed' && f.settings?.decidedBy['fail-on-severity'] !== undefined);
  facts.push(`${FAILING_SEVERITIES[verdict.failOnSeverity]} (fail-on-severity: ${verdict.failOnSeverity})${ruled ? ", unless a policy rule sets a file's own" : ''}`);
  return facts;
}
