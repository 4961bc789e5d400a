/**
 * The findings the gate counts but a policy rule keeps from failing the check (`legacy/**` with
 * `fail-on-severity: never`): listed with the rule, so a reader who sees an error and a passed
 * check is told why without working it out from the policy section. Below the run's own
 * fail-on-severity, the facts line says it once for all. From the findings' labels.
 */
import type { LabelledFinding } from '../../domain/findings';
import type { FileOutcome } from '../../domain/outcomes';
import { keptFromFailingByRule } from '../../domain/finding-effect';
import type { Room } from './summary-sections';
import { cappedList, details, findingItem, keptByRuleMarkdown, oncePerFiles } from './summary-sections';
import type { LineWriter } from './summary-writer';

/** Counted findings a rule keeps from failing the check; a flag an issue stands for is that issue. */
export const keptByRule = oncePerFiles((files: readonly FileOutcome[]): LabelledFinding[] =>
  files.flatMap((f) => (f.kind === 'reviewed' ? f.findings.filter((x) => x.sameAs === undefined && keptFromFailingByRule(x) !== undefined) : [])),
);

export function keptByRuleSection(out: LineWriter, files: readonly FileOutcome[], room: Room): void {
  const kept = keptByRule(files);
  if (kept.length === 0) return;
  const item = (f: LabelledFinding): string => `${findingItem(f)}${keptByRuleMarkdown(f)}`;
  details(out, `Counted, but a policy rule keeps them from failing the check (${kept.length})`, (body) => cappedList(body, kept, room, 'findings', item));
}
