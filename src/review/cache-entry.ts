/**
 * One entry of the result cache as it is stored: the service's answer to one request, signed so
 * that only what this action wrote with the same API key is ever trusted.
 *
 * Why a signature: an entry's name is the hash of values the pull request's author knows (the
 * code, its language, the focus areas, the service's URL), and a cache folder may sit inside a
 * checkout of the pull request. Without one, a pull request could commit an entry saying "no
 * issues, score 100" for its own file and get a green check without a single review request.
 * So each entry carries an HMAC-SHA256 over everything trusted on read — the format, its version,
 * the entry's key (which names the request) and the answer — keyed with a key derived (HKDF)
 * from the API key, the one secret a pull request cannot read. The derived key lives only in the
 * closure of `createEntryCodec`: it is never logged, stored or put on an object.
 *
 * What follows: an entry from before the signature (format version 1, in `v1/`), one written with
 * another API key (after a rotation), and one a pull request forged are all ignored, and the file
 * is reviewed again once; its fresh answer replaces the entry.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { parseReviewResult } from '../service/response';
import type { ReviewResult } from '../service/types';

/** Bump when the entry's shape or the meaning of a stored answer changes: old entries then miss (another folder, `v<N>/`). */
export const CACHE_FORMAT_VERSION = 2;
const FORMAT = 'review-gate/review-result';
/** HKDF's salt and info: fixed labels, so the MAC key is used for nothing but this. */
const KDF_SALT = 'review-gate result cache';
const KDF_INFO = `entry mac v${CACHE_FORMAT_VERSION}`;
const MAC = /^[0-9a-f]{64}$/;

/** An entry that is not trusted, with why in a few words for the run's one warning. */
export class UntrustedEntryError extends Error {
  override readonly name = 'UntrustedEntryError' as const;
}

export interface EntryCodec {
  /** The text of the entry for `key`, signed. */
  encode(key: string, result: ReviewResult): string;
  /** The answer of an entry read from the file named `key`; throws UntrustedEntryError saying why it is not trusted. */
  decode(text: string, key: string): ReviewResult;
}

/** Signs and checks entries with a key derived from `secret` (the API key, never empty). */
export function createEntryCodec(secret: string): EntryCodec {
  if (secret === '') throw new TypeError('Expected the API key to sign the result cache with, got an empty string');
  const macKey = derivedMacKey(secret, KDF_INFO);
  // Over the canonical text of each field: the answer as JSON.stringify writes it (and rewrites
  // it after JSON.parse), so what is checked on read is exactly what was signed.
  const mac = (key: string, resultJson: string): Buffer =>
    createHmac('sha256', macKey).update(`${FORMAT}\n${CACHE_FORMAT_VERSION}\n${key}\n${resultJson}`).digest();

  return {
    encode(key, result) {
      const resultJson = JSON.stringify(result);
      return `{"format":${JSON.stringify(FORMAT)},"version":${CACHE_FORMAT_VERSION},"key":${JSON.stringify(key)},"mac":"${mac(key, resultJson).toString('hex')}","result":${resultJson}}`;
    },
    decode(text, key) {
      const fields = signedFields(text);
      if (typeof fields.key !== 'string') throw new UntrustedEntryError('not signed: not written by this version of review-gate');
      // Checked before anything in the entry is believed; in constant time, so how much of a
      // guess matched cannot be timed.
      const expected = mac(fields.key, JSON.stringify(fields.result) ?? '');
      if (!timingSafeEqual(Buffer.from(fields.mac, 'hex'), expected)) {
        throw new UntrustedEntryError('signature does not match: written with another api-key, or not by review-gate');
      }
      if (fields.format !== FORMAT || fields.version !== CACHE_FORMAT_VERSION) {
        throw new UntrustedEntryError(`not a version ${CACHE_FORMAT_VERSION} entry`);
      }
      // Genuine, but filed under another request's name: a copy of another file's entry.
      if (fields.key !== key) throw new UntrustedEntryError('it belongs to other content (its key differs from its name)');
      return storedAnswer(fields.result);
    },
  };
}

/** The MAC key for one use (`info`) of the cache's signatures, derived from the API key. */
export function derivedMacKey(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, KDF_SALT, info, 32));
}

/**
 * The fields of a signed file of the cache, its `mac` a SHA-256 in hex (not yet checked against
 * anything); throws UntrustedEntryError when the text is not JSON or carries no such `mac`.
 */
export function signedFields(text: string): Record<string, unknown> & { mac: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UntrustedEntryError('not JSON: cut off or damaged');
  }
  const fields = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (typeof fields.mac !== 'string' || !MAC.test(fields.mac)) throw new UntrustedEntryError('not signed: not written by this version of review-gate');
  return fields as Record<string, unknown> & { mac: string };
}

/**
 * The answer, validated as the service's answer is (`parseReviewResult`), keeping the two notes
 * the client adds to an issue it had to normalize (`reportedSeverity`, `reportedLine`), so a
 * cached finding shows exactly as the fresh one did.
 */
function storedAnswer(value: unknown): ReviewResult {
  const stored = value as Record<string, unknown> | undefined;
  const requestId = typeof stored?.requestId === 'string' ? stored.requestId : undefined;
  let result: ReviewResult;
  try {
    result = parseReviewResult(stored, requestId);
  } catch (error) {
    throw new UntrustedEntryError(error instanceof Error ? error.message : String(error));
  }
  const storedIssues = Array.isArray(stored?.issues) ? (stored.issues as unknown[]) : [];
  result.issues.forEach((issue, index) => {
    const notes = (storedIssues[index] ?? {}) as Record<string, unknown>;
    if (typeof notes.reportedSeverity === 'string' && issue.severity === 'error') issue.reportedSeverity = notes.reportedSeverity;
    if (typeof notes.reportedLine === 'string' && issue.line === null) issue.reportedLine = notes.reportedLine;
  });
  return result;
}
