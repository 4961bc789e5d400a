/**
 * The identity of an inline comment across runs. A push that only shifts lines must not re-post
 * the same comment, so the line number is left out and the line's content stands in for it.
 *
 * Exactly what goes in, as the UTF-8 of `JSON.stringify([VERSION, path, message, lineText])`
 * (a JSON array, so no choice of separator can make two different inputs collide):
 * - `VERSION`: the string `review-gate/fp/1`; bump it only knowingly (old comments stop matching);
 * - `path`: as given (a rename is a different file to GitHub too);
 * - `message`: NFC-normalized, whitespace runs collapsed to one space, trimmed, and every
 *   "line 12" / "lines 12-14" / "L12" in it written as "line N" / "lines N" — services often quote the line
 *   number in the message, which would defeat leaving it out;
 * - `lineText`: NFC-normalized and trimmed at both ends (re-indenting a block keeps its
 *   comments); the empty string when the finding has no line text.
 * A security flag's array has a fifth element, the string `security-flag`, so a flag never
 * shares its fingerprint with an issue of the same words on the same line (an issue's array, and
 * so every fingerprint of an issue, is as it always was); a finding of hidden text, found in the
 * file itself, has `hidden-text` there.
 * Left out on purpose: the line number, the suggestion and the severity (the service's wording of
 * those varies between runs for the same issue; a re-rated issue is still the same comment).
 *
 * The result is the first 32 hex digits (128 bits) of the SHA-256, lowercase, which is what
 * `fingerprintMarker` expects.
 */
import { createHash } from 'node:crypto';
import type { FindingSource } from '../domain/findings';

const VERSION = 'review-gate/fp/1';

export interface FingerprintInput {
  path: string;
  message: string;
  lineText?: string | undefined;
  /** Absent or `issue`: the fingerprint of an issue. */
  source?: FindingSource | undefined;
}

export function normalizeMessage(message: string): string {
  return message
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\b(lines?)\s+\d+(?:\s*(?:-|–|to|and)\s*\d+)?/gi, '$1 N')
    .replace(/\bL\d+(?:-L?\d+)?\b/g, 'line N');
}

export function findingFingerprint(finding: FingerprintInput): string {
  const parts = [
    VERSION,
    finding.path,
    normalizeMessage(finding.message),
    (finding.lineText ?? '').normalize('NFC').trim(),
    ...(finding.source === 'security-flag' || finding.source === 'hidden-text' ? [finding.source] : []),
  ];
  return createHash('sha256').update(JSON.stringify(parts), 'utf8').digest('hex').slice(0, 32);
}
