/** The signed form of a result-cache entry: what is signed is exactly what is checked on read. */
import { describe, expect, it } from 'vitest';
import { UntrustedEntryError, createEntryCodec } from '../../src/review/cache-entry';
import type { ReviewResult } from '../../src/service/types';
import { reviewResult } from '../support/review-result';

const KEY = 'svc_live_test_0000000000000000';
const NAME = 'ab'.repeat(32);

describe('a result-cache entry', () => {
  it('reads back every answer it signed, whatever the text and numbers in it', () => {
    const codec = createEntryCodec(KEY);
    const tricky: ReviewResult = reviewResult({
      summary: 'Ünïcødé ✓ "quoted" \\ back\u2028slash\n\t\u0000 </script> 😀',
      quality_score: 0.1 + 0.2,
      usage: { total_tokens: 2 ** 53 - 1 },
      latency_ms: 1e21,
      issues: [{ severity: 'error', reportedSeverity: 'CRITICAL', line: null, reportedLine: '"1"', message: '\ud83d', suggestion: '' }],
      security_flags: [{ '10': 'ten', '2': 'two', b: 'b', a: [1, { '0': null }] }],
    });
    expect(codec.decode(codec.encode(NAME, tricky), NAME)).toEqual(tricky);
  });

  it('is trusted only under the API key that signed it', () => {
    const text = createEntryCodec(KEY).encode(NAME, reviewResult());
    expect(() => createEntryCodec('svc_live_other_00000000000000000').decode(text, NAME)).toThrow(UntrustedEntryError);
    expect(() => createEntryCodec('svc_live_other_00000000000000000').decode(text, NAME)).toThrow(/^signature does not match/);
  });

  it('holds neither the API key nor anything that changes with the entry but the answer, its name and its signature', () => {
    const codec = createEntryCodec(KEY);
    const text = codec.encode(NAME, reviewResult());
    expect(text).not.toContain(KEY);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['format', 'version', 'key', 'mac', 'result']);
    // The same answer signs the same way: nothing random or dated is in it.
    expect(codec.encode(NAME, reviewResult())).toBe(text);
  });

  it('cannot be made without a key to sign with', () => {
    expect(() => createEntryCodec('')).toThrow(TypeError);
  });
});
