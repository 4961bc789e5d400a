/**
 * The summary's list of every security flag of the run, wherever it sits and whatever became of
 * it: the one place a reader sees all the service flagged, each saying whether the gate counts it
 * and, when not, why. The other lists of findings leave the flags to this one.
 */
import type { LabelledFinding } from '../../domain/findings';
import { whyNotFailing } from '../../domain/finding-effect';
import type { FileOutcome } from '../../domain/outcomes';
import { flagFactsMarkdown } from '../markdown/flag';
import { inlineText } from '../markdown/sanitize';
import { compareFindings } from '../markdown/severity';
import type { Room } from './summary-sections';
import { cappedList, findingItem, keptByRuleMarkdown, oncePerFiles } from './summary-sections';
import type { LineWriter } from './summary-writer';

const MAX_REASON = 300;

/** Every security flag of the reviewed files, most severe first. */
export const securityFlagsOf = oncePerFiles((files: readonly FileOutcome[]): LabelledFinding[] =>
  files.flatMap((f) => (f.kind === 'reviewed' ? f.findings.filter((x) => x.source === 'security-flag') : [])).sort(compareFindings),
);

function status(f: LabelledFinding): string {
  if (f.counts) return `**counted by the gate**${keptByRuleMarkdown(f)}`;
  if (f.disposition !== undefined) {
    const why = f.sameAs === undefined ? 'see below' : 'with the issue on this line, which says the same';
    return `not counted: ${f.disposition.kind} (${why})`;
  }
  return `not counted: ${inlineText(whyNotFailing(f) ?? '', MAX_REASON)}`;
}

function flagItem(f: LabelledFinding): string {
  return `${findingItem(f)}${flagFactsMarkdown(f)} — ${status(f)}`;
}

export function securityFlagsSection(out: LineWriter, files: readonly FileOutcome[], room: Room): void {
  const flags = securityFlagsOf(files);
  if (flags.length === 0) return;
  out.line(`### Security flags (${flags.length})`);
  out.line('');
  cappedList(out, flags, room, 'flags', flagItem);
}
