/**
 * Hidden markers in comments review-gate posts. They are a contract with comments already on
 * users' pull requests: changing one makes every past comment unrecognizable (duplicates on the
 * next run, a second summary). Never change them; add new ones instead.
 */

/** Marks the single summary comment, found again and edited on every run. */
export const SUMMARY_MARKER = '<!-- review-gate:summary -->';

/** Prefix of the fingerprint marker carried by each inline comment. */
export const FINGERPRINT_PREFIX = '<!-- review-gate:fp:';
export const FINGERPRINT_SUFFIX = ' -->';

/** The fingerprint marker for one inline comment. `fingerprint` is lowercase hex. */
export function fingerprintMarker(fingerprint: string): string {
  return `${FINGERPRINT_PREFIX}${fingerprint}${FINGERPRINT_SUFFIX}`;
}

/**
 * Marks an inline comment whose finding is gone at a later head, when its thread could not be
 * resolved: the comment's body was edited to say so, and later runs leave it alone.
 */
export const FIXED_MARKER = '<!-- review-gate:fixed -->';

const FINGERPRINT_PATTERN = /<!-- review-gate:fp:([0-9a-f]{16,64}) -->/g;

/** Every fingerprint found in a comment body (a forged one cannot appear: bodies are sanitized). */
export function extractFingerprints(body: string): string[] {
  return [...body.matchAll(FINGERPRINT_PATTERN)].map((m) => m[1] as string);
}

/**
 * How many places of its file one inline comment stands for, when identical findings were folded
 * into it (`<!-- review-gate:reach:3 -->`: its own line and two more, which its note names): the
 * comment, and a dismissal of it, covers that many findings, no more. The reach is the marker's
 * data, never read from the rendered note ("The same finding is on lines 20, 25 of this file."),
 * which the service's own text can quote. The data is a count (digits only, checked when written),
 * so no text can end the marker early or widen it; and it is read only from the comment's last
 * paragraph, where the markers stand after everything the service wrote (see `readReach`).
 */
export const REACH_PREFIX = '<!-- review-gate:reach:';

/** Places a reach marker may name: far more than a file under any max-file-size has lines. */
const MAX_REACH = 999_999_999;

/** The reach marker of a comment standing for `places` findings, or '' for one (its own line: no marker needed). */
export function reachMarker(places: number): string {
  if (!Number.isSafeInteger(places) || places < 1 || places > MAX_REACH) {
    throw new TypeError(`Expected \`places\` to be a whole number from 1 to ${MAX_REACH}, got ${String(places)}`);
  }
  return places === 1 ? '' : `${REACH_PREFIX}${places}${FINGERPRINT_SUFFIX}`;
}

const MARKER_LINE = /^<!-- review-gate:[a-z-]+(?::[0-9a-f]+)? -->$/;
const REACH_LINE = /^<!-- review-gate:reach:([1-9]\d{0,8}) -->$/;

/**
 * How many findings a comment stands for, read from its last paragraph only, and only when that
 * paragraph is markers and nothing else (review-gate writes its markers there, last): 1 when it
 * carries no reach marker, or more than one. An old comment carries none: it stands for its own
 * line alone, the narrowest reading, whatever its rendered note says. Only a comment by
 * review-gate's own identity is read at all (review-feedback.ts).
 */
export function readReach(body: string): number {
  const lastParagraph = body.replace(/\s+$/, '').split(/\n[ \t]*\n/).at(-1) ?? '';
  const lines = lastParagraph.split('\n').map((line) => line.trim());
  if (!lines.every((line) => MARKER_LINE.test(line))) return 1;
  const found = lines.flatMap((line) => {
    const places = REACH_LINE.exec(line)?.[1];
    return places === undefined ? [] : [Number(places)];
  });
  return found.length === 1 ? (found[0] as number) : 1;
}
