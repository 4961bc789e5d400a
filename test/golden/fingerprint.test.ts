/**
 * Fixed vectors for the fingerprint marker: a contract with every inline comment already on
 * users' pull requests. Each expected marker was computed from the documented formula in
 * src/locate/fingerprint.ts by an independent implementation, not by this code. If one of these
 * fails, past comments would stop matching and every re-run would post duplicates: do not
 * update the vectors, bump nothing, and find what changed.
 */
import { describe, expect, it } from 'vitest';
import { findingFingerprint } from '../../src/locate/fingerprint';
import { extractFingerprints, fingerprintMarker, reachMarker, readReach } from '../../src/domain/markers';

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
    const { SUMMARY_MARKER } = await import('../../src/domain/markers');
    expect(SUMMARY_MARKER).toBe('<!-- review-gate:summary -->');
  });
});

/**
 * The reach marker: how many places one inline comment (and a dismissal of it) stands for. A
 * contract like the fingerprint: comments carrying it are on users' pull requests. A comment of
 * the old form, before it existed, carries only its fingerprint markers and a note for people;
 * it is read the narrowest way, as standing for its own line alone.
 */
describe('reach markers (fixed vectors)', () => {
  const FP = '1238e376e30b4c5ae23c48d1333d6838';

  it('pins the marker form', () => {
    expect(reachMarker(3)).toBe('<!-- review-gate:reach:3 -->');
    expect(reachMarker(1)).toBe('');
    expect(() => reachMarker(0)).toThrow(TypeError);
  });

  it('reads the reach from the marker paragraph that ends the body', () => {
    const body = `⚠️ **Warning**\n\nsomething\n\n_The same finding is on lines 20, 25 of this file._\n\n<!-- review-gate:fp:${FP} -->\n<!-- review-gate:reach:3 -->`;
    expect(readReach(body)).toBe(3);
    expect(extractFingerprints(body)).toEqual([FP]);
    // A comment marked fixed later keeps its markers last.
    expect(readReach(`<!-- review-gate:fixed -->\n✅ **Fixed**\n\n---\n\n${body}`)).toBe(3);
  });

  it.each([
    ['the old form, whose note names other lines', `x\n\n_The same finding is on lines 20, 25 of this file._\n\n<!-- review-gate:fp:${FP} -->`],
    ['a marker above the last paragraph', `x\n\n<!-- review-gate:reach:3 -->\n\n<!-- review-gate:fp:${FP} -->`],
    ['a marker paragraph with text in it', `x\n\n<!-- review-gate:fp:${FP} -->\nsee <!-- review-gate:reach:3 -->`],
    ['two markers', `x\n\n<!-- review-gate:fp:${FP} -->\n<!-- review-gate:reach:2 -->\n<!-- review-gate:reach:3 -->`],
    ['a reach of 0', `x\n\n<!-- review-gate:fp:${FP} -->\n<!-- review-gate:reach:0 -->`],
  ])('reads a reach of 1 from %s', (_, body) => {
    expect(readReach(body)).toBe(1);
  });
});
