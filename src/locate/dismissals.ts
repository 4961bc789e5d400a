/**
 * Dismissals: a reply `/review-gate dismiss <reason>` to one of review-gate's inline comments
 * takes that finding out of the gate. It is matched by the comment's fingerprint, not its line,
 * so it holds across pushes that move the line. Only a maintainer's counts (GitHub's
 * `author_association` OWNER, MEMBER or COLLABORATOR: people with write access), and only with a
 * reason; any other is listed with why it does not count, so the trace stays visible. Pure: the
 * replies come in as data, read from GitHub before the gate decides.
 */
import { findingFingerprint } from '../report/fingerprint';
import type { FileOutcome, LabelledFinding } from '../types';

/** `maintainers`: a maintainer's dismissal counts; `off`: none does. */
export type DismissMode = 'maintainers' | 'off';
export const DISMISS_MODES: readonly DismissMode[] = ['maintainers', 'off'];

export const DISMISS_COMMAND = '/review-gate dismiss';

/** GitHub's associations of people with write access to the repository. */
export const MAINTAINER_ASSOCIATIONS: readonly string[] = ['OWNER', 'MEMBER', 'COLLABORATOR'];

/** A reply to one of review-gate's inline comments that starts with the dismiss command. */
export interface DismissalReply {
  commentId: number;
  /** Fingerprints carried by the comment replied to (the first of its thread, review-gate's). */
  fingerprints: string[];
  login: string;
  /** GitHub's `author_association` of the reply. */
  association: string;
  body: string;
}

export interface Dismissal {
  by: string;
  reason: string;
}

export interface JudgedDismissals {
  /** Fingerprint → the first dismissal that counts (the oldest reply). */
  accepted: Map<string, Dismissal>;
  /** Fingerprint → why each other dismissal of it does not count. */
  refused: Map<string, string[]>;
}

const COMMAND = /^\s*\/review-gate\s+dismiss(?![\w-])(.*)$/is;
/** A reason has at least one letter or digit: `/review-gate dismiss .` explains nothing. */
const MEANINGFUL = /[\p{L}\p{N}]/u;

/**
 * The reason of a dismiss command (`''` when it gives none), or undefined when the text is not
 * one. A colon or dash between the command and the reason is allowed: `/review-gate dismiss: …`.
 */
export function parseDismissCommand(body: string): { reason: string } | undefined {
  const match = COMMAND.exec(body);
  if (match === null) return undefined;
  const reason = (match[1] ?? '').replace(/^[\s:–—-]+/, '').replace(/\s+/g, ' ').trim();
  return { reason: MEANINGFUL.test(reason) ? reason : '' };
}

/** Why a dismissal does not count, or undefined when it does. */
function refusal(reply: DismissalReply, mode: DismissMode, reason: string): string | undefined {
  const who = `@${reply.login}'s dismissal`;
  if (mode === 'off') return `${who} does not count: dismissals are turned off (dismiss: off)`;
  if (!MAINTAINER_ASSOCIATIONS.includes(reply.association.toUpperCase())) {
    return `${who} does not count: only the repository's owner, members and collaborators can dismiss (author_association ${reply.association || 'unknown'})`;
  }
  if (reason === '') return `${who} gives no reason (write "${DISMISS_COMMAND} <reason>"), so it does not count`;
  return undefined;
}

export function judgeDismissals(replies: readonly DismissalReply[], mode: DismissMode): JudgedDismissals {
  const accepted = new Map<string, Dismissal>();
  const refused = new Map<string, string[]>();
  for (const reply of [...replies].sort((a, b) => a.commentId - b.commentId)) {
    const command = parseDismissCommand(reply.body);
    if (command === undefined) continue;
    const why = refusal(reply, mode, command.reason);
    for (const fingerprint of reply.fingerprints) {
      if (why === undefined) {
        if (!accepted.has(fingerprint)) accepted.set(fingerprint, { by: reply.login, reason: command.reason });
      } else {
        refused.set(fingerprint, [...(refused.get(fingerprint) ?? []), why]);
      }
    }
  }
  return { accepted, refused };
}

/**
 * Labels the reviewed files' findings with the dismissals that match their fingerprint. A finding
 * already suppressed in code keeps that label; a dismissed one does not list refused attempts.
 */
export function applyDismissals(outcomes: readonly FileOutcome[], judged: JudgedDismissals): FileOutcome[] {
  if (judged.accepted.size === 0 && judged.refused.size === 0) return [...outcomes];
  return outcomes.map((outcome) =>
    outcome.kind === 'reviewed' ? { ...outcome, findings: outcome.findings.map((f) => dismissed(f, judged)) } : outcome,
  );
}

function dismissed(finding: LabelledFinding, judged: JudgedDismissals): LabelledFinding {
  if (finding.disposition !== undefined) return finding;
  const fingerprint = findingFingerprint(finding);
  const dismissal = judged.accepted.get(fingerprint);
  if (dismissal !== undefined) return { ...finding, disposition: { kind: 'dismissed', ...dismissal } };
  const refused = judged.refused.get(fingerprint);
  if (refused === undefined) return finding;
  return { ...finding, refusedDispositions: [...(finding.refusedDispositions ?? []), ...refused] };
}
