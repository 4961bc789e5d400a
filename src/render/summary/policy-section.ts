/**
 * The summary's policy section: which policy file applied (read at the base commit), what its top
 * level sets, and for each file a rule touched, which rule decided which setting. A change that
 * edits the policy file is told that the edit applies once merged: this run used the base's.
 * Nothing when the run had no policy file and the change does not add one.
 */
import type { FileOutcome } from '../../domain/outcomes';
import type { FileSettings, PolicyReport } from '../../domain/policy';
import { inlineCode, inlineText } from '../markdown/sanitize';
import { cappedList } from './summary-sections';
import type { Room } from './summary-sections';
import type { LineWriter } from './summary-writer';

const MAX_PATH = 200;

/** Files whose settings a rule decided, in the run's order. */
export function ruledFiles(files: readonly FileOutcome[]): Array<{ path: string; settings: FileSettings }> {
  return files.flatMap((f) => (f.kind !== 'skipped' && f.settings !== undefined && f.settings.rules.length > 0 ? [{ path: f.path, settings: f.settings }] : []));
}

export function policySection(out: LineWriter, policy: PolicyReport | undefined, files: readonly FileOutcome[], room: Room, change = 'This change'): void {
  if (policy === undefined) return;
  const file = inlineCode(policy.path, 100);
  out.line('### Policy');
  out.line('');
  const { applied } = policy;
  if (applied === undefined) {
    out.line(`No ${file} at the base commit: the workflow's inputs alone decided.`);
  } else {
    const set = applied.set.map(({ key, value }) => `${key} ${inlineText(showValue(value), 120)}`);
    const rules = applied.rules.length === 1 ? '1 rule' : `${applied.rules.length} rules`;
    out.line(`${file} at the base commit ${inlineCode(applied.commit.slice(0, 12), 20)} applied: ${[...set, rules].join(' · ')}.`);
  }
  if (policy.changedHere) {
    out.line('');
    out.line(`⚠️ ${change} edits ${file}: the edit applies once it is merged. This run used the base commit's policy, never the change's own.`);
  }
  const ruled = ruledFiles(files);
  if (applied !== undefined && ruled.length > 0) {
    const globs = new Map(applied.rules.map((rule) => [rule.number, rule.paths.map((p) => inlineCode(p, 100)).join(', ')]));
    const item = ({ path, settings }: (typeof ruled)[number]): string => `- ${inlineCode(path, MAX_PATH)} — ${decided(settings, globs)}`;
    out.line('');
    out.line(`Files a rule decided (${ruled.length}):`);
    out.line('');
    cappedList(out, ruled, room, 'files', item);
  }
}

/** `min-score 20, fail-on-severity never by rule 1 (legacy/**)`, one clause per deciding rule. */
function decided(settings: FileSettings, globs: ReadonlyMap<number, string>): string {
  const byRule = new Map<number, string[]>();
  for (const [key, rule] of Object.entries(settings.decidedBy)) byRule.set(rule, [...(byRule.get(rule) ?? []), `${key} ${valueOf(settings, key)}`]);
  const clauses = [...byRule].sort(([a], [b]) => a - b).map(([rule, keys]) => `${keys.join(', ')} by rule ${rule} (${globs.get(rule) ?? ''})`);
  const matchedOnly = settings.rules.filter((rule) => !byRule.has(rule)).map((rule) => `rule ${rule} matched, and later rules set all it sets`);
  return [...clauses, ...matchedOnly].join('; ');
}

function valueOf(settings: FileSettings, key: string): string {
  switch (key) {
    case 'focus-areas':
      return settings.focusAreas.length === 0 ? "(the service's default)" : settings.focusAreas.join(', ');
    case 'fail-on-severity':
      return settings.failOnSeverity;
    case 'min-score':
      return String(settings.minScore);
    case 'gate-scope':
      return settings.gateScope;
    default:
      return '';
  }
}

/** A list value as the input reads it (one entry per line) shows on one line; an empty one as none. */
function showValue(value: string): string {
  const entries = value.split('\n').map((e) => e.trim()).filter((e) => e !== '');
  return entries.length === 0 ? '(none)' : entries.join(', ');
}
