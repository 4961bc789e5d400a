/**
 * What a labelled finding does to the check, in words every surface shows alike: whether it fails
 * the check by itself, and if not, why — a suppression, a dismissal, a stated reason the gate does
 * not count it, where it sits relative to the diff, or a `fail-on-severity` it is below. Read from
 * the finding's labels, never worked out again by a surface. Plain text: each surface escapes it.
 */
import type { BelowFailOnSeverity, FindingLocation, LabelledFinding } from './findings';
import { SEVERITIES } from './vocabulary';
import type { FailOnSeverity, Severity } from './vocabulary';

/** Whether a finding of `severity` the gate counts fails a check judged at `failOnSeverity`. */
export function failsAt(severity: Severity, failOnSeverity: FailOnSeverity): boolean {
  return failOnSeverity !== 'never' && SEVERITIES.indexOf(severity) <= SEVERITIES.indexOf(failOnSeverity);
}

/** Why a finding the gate leaves out for its place is not counted (only in `gate-scope: added`). */
const UNCOUNTED_PLACE: Partial<Readonly<Record<FindingLocation, string>>> = {
  'diff-context': 'on an unchanged line shown in the diff (gate-scope: added counts added lines)',
  'outside-diff': 'outside the diff (gate-scope: added counts added lines)',
};

/** `fail-on-severity never for this file, by policy rule 1 (legacy/**)`, or `below fail-on-severity error`. */
export function describeBelowFailOnSeverity(below: BelowFailOnSeverity): string {
  const { failOnSeverity, rule } = below;
  if (rule === undefined) return `below fail-on-severity ${failOnSeverity}`;
  return `fail-on-severity ${failOnSeverity} for this file, by policy rule ${rule.number} (${rule.paths.join(', ')})`;
}

/** Whether the finding fails the check by itself: counted, and at or above its file's fail-on-severity. */
export function failsTheCheck(f: Pick<LabelledFinding, 'counts' | 'belowFailOnSeverity'>): boolean {
  return f.counts && f.belowFailOnSeverity === undefined;
}

/** Why the finding does not fail the check; undefined when it does. */
export function whyNotFailing(f: LabelledFinding): string | undefined {
  const d = f.disposition;
  if (d?.kind === 'suppressed') return `suppressed: ${d.reason} (review-gate-ignore on line ${d.line})`;
  if (d?.kind === 'dismissed') return `dismissed by @${d.by}: ${d.reason}`;
  if (f.uncounted !== undefined) return f.uncounted;
  if (!f.counts) return UNCOUNTED_PLACE[f.location] ?? 'not counted by the gate';
  return f.belowFailOnSeverity === undefined ? undefined : describeBelowFailOnSeverity(f.belowFailOnSeverity);
}

/** Why, when a policy rule is what keeps a counted finding from failing the check: the case a reader cannot tell from the run's own settings. */
export function keptFromFailingByRule(f: LabelledFinding): string | undefined {
  return f.counts && f.belowFailOnSeverity?.rule !== undefined ? describeBelowFailOnSeverity(f.belowFailOnSeverity) : undefined;
}
