/**
 * The dismiss command, `/review-gate dismiss <reason>`: a reply to one of review-gate's inline
 * comments. Read by the comment event (does this reply ask for anything?) and by the locate
 * stage (which finding does it take out of the gate?), so its syntax is defined once, here.
 */

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
