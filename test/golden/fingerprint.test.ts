/**
 * Fixed vectors for the fingerprint marker: a contract with every inline comment already on
 * users' pull requests. Each expected marker was computed from the documented formula in
 * src/render/fingerprint.ts by an independent implementation, not by this code. If one of these
 * fails, past comments would stop matching and every re-run would post duplicates: do not
 * update the vectors, bump nothing, and find what changed.
 */
import { describe, expect, it } from 'vitest';
import { findingFingerprint } from '../../src/locate/fingerprint';
import { extractFingerprints, fingerprintMarker } from '../../src/report/markers';

const VECTORS: Array<{ input: { path: string; message: string; lineText?: string }; marker: string }> = [
  {
    input: { path: 'src/app.py', message: 'Use of eval() is dangerous', lineText: '    return eval(expr)' },
    marker: '<!-- review-gate:fp:1238e376e30b4c5ae23c48d1333d6838 -->',
  },
  {
    input: { path: 'src/app.py', message: 'Use of eval() on line 18 is dangerous', lineText: 'return eval(expr)' },
    marker: '<!-- review-gate:fp:b972caa48b0e6a9e3b1e538b7dabd185 -->',
  },
  {
    input: { path: 'web/handler.js', message: 'Hard-coded  password\n', lineText: "const password = 'hunter2';" },
    marker: '<!-- review-gate:fp:ad463766f7653e58e6d91812002a05c6 -->',
  },
  {
    input: { path: 'src/ünïcödé/naïve.ts', message: 'Cafe\u0301 naming (L12-L14)', lineText: '\tlet café = 1;' },
    marker: '<!-- review-gate:fp:d4e1155f6d3e2d6b8da8c1d9a0ecdb6c -->',
  },
  { input: { path: 'cmd/main.go', message: 'unchecked error' }, marker: '<!-- review-gate:fp:c4cdc58e414ece678045af2c718ba312 -->' },
  { input: { path: 'a.rs', message: '', lineText: '' }, marker: '<!-- review-gate:fp:77e625f7020800d8badab6effd1ad8a8 -->' },
];

describe('fingerprint markers (fixed vectors)', () => {
  it.each(VECTORS)('$input.path: $input.message', ({ input, marker }) => {
    expect(fingerprintMarker(findingFingerprint(input))).toBe(marker);
  });

  it('reads back every pinned marker from a comment body', () => {
    const body = `🛑 **Error**\n\nsomething\n\n${VECTORS.map((v) => v.marker).join('\n')}`;
    expect(extractFingerprints(body)).toEqual(VECTORS.map((v) => /fp:([0-9a-f]+)/.exec(v.marker)?.[1]));
  });

  it('pins the summary marker', async () => {
    const { SUMMARY_MARKER } = await import('../../src/report/markers');
    expect(SUMMARY_MARKER).toBe('<!-- review-gate:summary -->');
  });
});
