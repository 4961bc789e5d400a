/**
 * Dismissals: a reply `/review-gate dismiss <reason>` to one of review-gate's inline comments
 * takes that finding out of the gate. It is matched by the comment's fingerprint, not its line,
 * so it holds across pushes that move the line. Only a reply by someone with write access to the
 * repository counts — `write`, `maintain` or `admin`, or a custom role built on write or admin,
 * as GitHub answers it for the replier (domain/dismissal.ts) — and only with a reason; any other
 * is listed with why it does not count, so the trace stays visible. Pure: the replies and their
 * authors' access come in as data, read from GitHub before the gate decides.
 */
import type { FileOutcome } from '../domain/outcomes';
import type { LabelledFinding } from '../domain/findings';
import type { PlannedComment } from '../domain/writes';
import { DISMISSALS_OFF, DISMISS_COMMAND, parseDismissCommand, whyCannotDismiss } from '../domain/dismissal';
import type { DismissalReply } from '../domain/dismissal';
import type { DismissMode } from '../domain/vocabulary';

export interface Dismissal {
  by: string;
  reason: string;
}

/** A dismissed thread: who and why, and how far it reaches (see `applyDismissals`). */
export interface DismissedThread extends Dismissal {
  threadId: number;
  line: number | undefined;
  occurrences: number;
}

export interface JudgedDismissals {
  /** Fingerprint → its dismissed threads, oldest first; each counts its first (oldest) reply that counts. */
  accepted: Map<string, DismissedThread[]>;
  /** Fingerprint → why each other dismissal of it does not count. */
  refused: Map<string, string[]>;
  /**
   * Fingerprint → the lines of review-gate's threads with that fingerprint that no dismissal
   * covers (see `withOpenThreads`): a finding nearer one of them is that thread's, not a
   * dismissed one's.
   */
  open?: Map<string, number[]>;
}

/** The judged dismissals with the lines of the threads they leave open. */
export function withOpenThreads(
  judged: JudgedDismissals,
  threads: readonly { id: number; fingerprints: readonly string[]; line?: number }[],
): JudgedDismissals {
  const dismissed = new Set([...judged.accepted.values()].flat().map((t) => t.threadId));
  const open = new Map<string, number[]>();
  for (const thread of threads) {
    if (dismissed.has(thread.id) || thread.line === undefined) continue;
    for (const fp of thread.fingerprints) open.set(fp, [...(open.get(fp) ?? []), thread.line]);
  }
  return { ...judged, open };
}


/** Why a dismissal does not count, or undefined when it does. */
function refusal(reply: DismissalReply, mode: DismissMode, reason: string): string | undefined {
  const who = `@${reply.login}'s dismissal`;
  if (mode === 'off') return `${who} does not count: ${DISMISSALS_OFF}`;
  const barred = whyCannotDismiss(reply.access ?? { kind: 'unknown', login: reply.login, why: 'it was not asked' });
  if (barred !== undefined) return `${who} does not count: ${barred}`;
  if (reason === '') return `${who} gives no reason (write "${DISMISS_COMMAND} <reason>"), so it does not count`;
  return undefined;
}

export function judgeDismissals(replies: readonly DismissalReply[], mode: DismissMode): JudgedDismissals {
  const accepted = new Map<string, DismissedThread[]>();
  const refused = new Map<string, string[]>();
  for (const reply of [...replies].sort((a, b) => a.commentId - b.commentId)) {
    const command = parseDismissCommand(reply.body);
    if (command === undefined) continue;
    const why = refusal(reply, mode, command.reason);
    for (const fingerprint of reply.fingerprints) {
      if (why === undefined) {
        const threads = accepted.get(fingerprint) ?? [];
        if (threads.some((t) => t.threadId === reply.threadId)) continue;
        const { threadId, line, occurrences } = reply;
        accepted.set(fingerprint, [...threads, { by: reply.login, reason: command.reason, threadId, line, occurrences }]);
      } else {
        refused.set(fingerprint, [...(refused.get(fingerprint) ?? []), why]);
      }
    }
  }
  return { accepted, refused };
}

/**
 * Labels the reviewed files' findings with the dismissals that cover them. A finding already
 * suppressed in code keeps that label; a dismissed one does not list refused attempts.
 *
 * The fingerprint leaves the line number out (so a dismissal follows its finding when lines are
 * added above it), which makes every line with the same text and message look alike. So a
 * dismissal covers only as many findings as its comment spoke for (its line and the lines it
 * named as "the same finding"), and of the findings with that fingerprint those nearest to the
 * comment's line: GitHub moves a comment's `line` along with pushes, and a copy of the line added
 * later elsewhere is farther away. Every other look-alike is a new finding: commented on and gated.
 */
export function applyDismissals(outcomes: readonly FileOutcome[], judged: JudgedDismissals): FileOutcome[] {
  if (judged.accepted.size === 0 && judged.refused.size === 0) return [...outcomes];
  return outcomes.map((outcome) => (outcome.kind === 'reviewed' ? { ...outcome, findings: labelFindings(outcome.findings, judged) } : outcome));
}

function labelFindings(findings: readonly LabelledFinding[], judged: JudgedDismissals): LabelledFinding[] {
  const fingerprints = findings.map((f) => (f.disposition === undefined ? f.fingerprint : undefined));
  const covering = new Map<number, Dismissal>();
  for (const [fingerprint, threads] of judged.accepted) {
    const candidates = fingerprints.flatMap((fp, index) => (fp === fingerprint ? [index] : []));
    const openLines = judged.open?.get(fingerprint) ?? [];
    // Nearer a thread no one dismissed: that thread's finding (its line was fixed, this one not).
    const nearerAnOpenThread = (index: number, line: number | undefined): boolean =>
      openLines.some((open) => distance(findings[index], open) < distance(findings[index], line));
    const byAge = [...threads].sort((a, b) => a.threadId - b.threadId);
    // A look-alike on a line the pull request did not add can have no comment of its own: the
    // oldest dismissal covers it, as dismissals always did (gate-scope: file counts it).
    const [oldest] = byAge;
    for (const index of candidates) {
      if (oldest !== undefined && !covering.has(index) && unaddedLine(findings[index])) covering.set(index, { by: oldest.by, reason: oldest.reason });
    }
    for (const thread of byAge) {
      const open = candidates.filter((index) => !covering.has(index) && !nearerAnOpenThread(index, thread.line));
      const nearest = open.sort((a, b) => distance(findings[a], thread.line) - distance(findings[b], thread.line) || a - b);
      for (const index of nearest.slice(0, thread.occurrences)) covering.set(index, { by: thread.by, reason: thread.reason });
    }
  }
  return findings.map((finding, index) => {
    const fingerprint = fingerprints[index];
    if (fingerprint === undefined) return finding;
    const dismissal = covering.get(index);
    if (dismissal !== undefined) return { ...finding, disposition: { kind: 'dismissed', ...dismissal }, counts: false };
    // Refused attempts are listed with the finding; an accepted dismissal that does not reach
    // this finding is not shown: it is a new finding (see above).
    const refused = judged.refused.get(fingerprint);
    if (refused === undefined) return finding;
    return { ...finding, refusedDispositions: [...(finding.refusedDispositions ?? []), ...refused] };
  });
}

/** A context line or one outside the diff: there, but not added by the pull request. */
function unaddedLine(finding: LabelledFinding | undefined): boolean {
  return finding?.location === 'diff-context' || finding?.location === 'outside-diff';
}

/** Lines between a finding and a dismissed comment; a finding or comment without a line is farthest. */
function distance(finding: LabelledFinding | undefined, line: number | undefined): number {
  if (finding?.line === null || finding?.line === undefined || line === undefined || !Number.isFinite(finding.line)) return Number.MAX_SAFE_INTEGER;
  return Math.abs(finding.line - line);
}

/**
 * Planned comments (of findings no dismissal covers) that share a fingerprint with dismissed
 * comments name those comments: they speak for other findings, so this one is posted anyway.
 */
export function markDismissedElsewhere(comments: readonly PlannedComment[], judged: JudgedDismissals): PlannedComment[] {
  return comments.map((comment) => {
    const threads = judged.accepted.get(comment.fingerprint);
    return threads === undefined ? comment : { ...comment, dismissedElsewhere: threads.map((t) => t.threadId) };
  });
}
