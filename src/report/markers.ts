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
