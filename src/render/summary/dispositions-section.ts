/**
 * The summary's account of what people set aside and what got fixed: every suppressed or
 * dismissed finding with who or what set it aside and why, every suppression or dismissal that
 * does not count and why, and the findings fixed since the last run with what became of their
 * threads. Reasons and logins come from people: sanitized like everything else.
 */
import type { FileOutcome } from '../../domain/outcomes';
import type { LabelledFinding } from '../../domain/findings';
import type { ThreadReport } from '../../domain/run-report';
import { inlineCode, inlineText } from '../markdown/sanitize';
import type { Room } from './summary-sections';
import { cappedList, details, findingItem, oncePerFiles } from './summary-sections';
import { BlockWriter } from './summary-writer';
import type { LineWriter } from './summary-writer';

const MAX_REASON = 300;
const MAX_LOGIN = 60;

function reviewedFindings(files: readonly FileOutcome[]): LabelledFinding[] {
  return files.flatMap((f) => (f.kind === 'reviewed' ? f.findings : []));
}

/** Set-aside findings; a security flag an issue stands for is that issue, listed once. */
export const setAside = oncePerFiles((files: readonly FileOutcome[]): LabelledFinding[] =>
  reviewedFindings(files).filter((f) => f.disposition !== undefined && f.sameAs === undefined),
);

export const refusedSetAside = oncePerFiles((files: readonly FileOutcome[]): LabelledFinding[] =>
  reviewedFindings(files).filter((f) => f.disposition === undefined && f.sameAs === undefined && (f.refusedDispositions?.length ?? 0) > 0),
);

function setAsideItem(f: LabelledFinding): string {
  const d = f.disposition;
  if (d === undefined) return findingItem(f);
  const why =
    d.kind === 'dismissed'
      ? `dismissed by ${inlineText(`@${d.by}`, MAX_LOGIN)}: ${inlineText(d.reason, MAX_REASON)}`
      : `suppressed by ${inlineCode('review-gate-ignore', 30)} on line ${d.line}: ${inlineText(d.reason, MAX_REASON)}`;
  return `${findingItem(f)} — **${why}**`;
}

function refusedItem(f: LabelledFinding): string {
  return `${findingItem(f)} — ${(f.refusedDispositions ?? []).map((why) => inlineText(why, MAX_REASON)).join('; ')}`;
}

/** Set-aside findings, refused attempts, and the feedback that could not be read. */
export function dispositionsSection(out: LineWriter, files: readonly FileOutcome[], room: Room, feedbackProblem?: string): void {
  const aside = setAside(files);
  const refused = refusedSetAside(files);
  if (feedbackProblem === undefined && aside.length === 0 && refused.length === 0) return;
  const blocks = new BlockWriter(out);
  blocks.text('### Dismissals and suppressions');
  if (feedbackProblem !== undefined) blocks.text(`⚠️ ${inlineText(feedbackProblem, 600)}`);
  if (aside.length > 0) {
    details(blocks.next(), `Suppressed or dismissed, not counted by the gate (${aside.length})`, (body) => cappedList(body, aside, room, 'findings', setAsideItem));
  }
  if (refused.length > 0) {
    details(blocks.next(), `Suppressions or dismissals that do not count (${refused.length})`, (body) => cappedList(body, refused, room, 'findings', refusedItem));
  }
}

/** Findings fixed since the last run, and what became of their threads. */
export function fixedSection(out: LineWriter, threads: ThreadReport | undefined, room: Room): void {
  if (threads === undefined || threads.fixed === 0) return;
  const done = [
    threads.resolved > 0 ? `${threads.resolved} ${threads.resolved === 1 ? 'thread' : 'threads'} resolved` : '',
    threads.markedFixed > 0 ? `${threads.markedFixed} ${threads.markedFixed === 1 ? 'comment' : 'comments'} marked fixed, as the token may not resolve threads` : '',
    threads.left.length > 0 ? `${threads.left.length} left open` : '',
  ].filter((s) => s !== '');
  const line = `**Fixed since the last run:** ${threads.fixed} ${threads.fixed === 1 ? 'finding' : 'findings'} (${done.join(', ')}).`;
  out.line(line);
  if (threads.left.length === 0) return;
  const item = (l: ThreadReport['left'][number]): string => `- ${inlineCode(l.path, 200)} — ${inlineText(l.why, MAX_REASON)}`;
  out.line('');
  cappedList(out, threads.left, room, 'threads', item);
}
