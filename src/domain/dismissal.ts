/**
 * Dismissals, as every stage reads them: the command `/review-gate dismiss <reason>`, a reply to
 * one of review-gate's inline comments; the reply as GitHub's review threads give it; and who may
 * dismiss. The comment event (does this reply ask for anything?), the write stage (which replies
 * are dismissals?) and the locate stage (which finding does each take out of the gate?) all read
 * them here, so the syntax and the rule are defined once.
 */
import { describeAccess, hasWriteAccess } from './repository-access';
import type { RepositoryAccess } from './repository-access';

export const DISMISS_COMMAND = '/review-gate dismiss';

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

/** A reply to one of review-gate's inline comments that starts with the dismiss command. */
export interface DismissalReply {
  commentId: number;
  /** Fingerprints carried by the comment replied to (the first of its thread, review-gate's). */
  fingerprints: string[];
  /** Id of the comment replied to: one dismissal per thread. */
  threadId: number;
  /** Its line as GitHub lists it (GitHub's current `line`, else `original_line`), if any. */
  line: number | undefined;
  /** How many places that comment spoke for: its own line and the lines it named as the same finding. */
  occurrences: number;
  login: string;
  /** The author's access to the repository; undefined when it was not read (it does not count then). */
  access?: RepositoryAccess;
  body: string;
}

/** Why no reply counts while `dismiss: off`. */
export const DISMISSALS_OFF = 'dismissals are turned off (dismiss: off)';

/**
 * Why someone's dismissal cannot count, or undefined when they may dismiss: write, maintain or
 * admin access, or a custom role built on write or admin, as GitHub answers it for them.
 */
export function whyCannotDismiss(access: RepositoryAccess): string | undefined {
  return hasWriteAccess(access) ? undefined : `${describeAccess(access)}; only people with write access can dismiss`;
}
