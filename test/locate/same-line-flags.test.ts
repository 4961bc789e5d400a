/** A flag on the line of an issue that stands for it: one comment, counted once, never less. */
import { describe, expect, it } from 'vitest';
import { foldSameLineFlags } from '../../src/locate/same-line-flags';
import type { LabelledFinding } from '../../src/domain/findings';
import { finding } from '../support/findings';

const issue = (overrides: Partial<LabelledFinding> = {}): LabelledFinding => finding({ severity: 'error', message: 'eval() of input', ...overrides });
const flag = (overrides: Partial<LabelledFinding> = {}): LabelledFinding =>
  finding({ source: 'security-flag', severity: 'error', message: 'Code injection', kind: 'code-injection', ...overrides });

describe('foldSameLineFlags', () => {
  it('folds a flag into the counted issue on its line at the same severity, which alone counts', () => {
    const [i, f] = foldSameLineFlags([issue(), flag({ cwe: 95 })]);
    // The issue is about security now, with the flag's CWE; what the gate counts of it is unchanged.
    expect(i).toEqual({ ...issue(), security: true, cwe: 95 });
    expect(f).toMatchObject({ sameAs: i?.fingerprint, counts: false, uncounted: 'the error issue on this line stands for it, in one comment' });
  });

  it('folds a flag into a more severe issue, the most severe one on the line', () => {
    const warning = issue({ severity: 'warning', message: 'w' });
    const error = issue({ severity: 'error', message: 'e' });
    const [, , f] = foldSameLineFlags([warning, error, flag({ severity: 'warning' })]);
    expect(f?.sameAs).toBe(error.fingerprint);
  });

  it('keeps a flag more severe than every issue on its line a finding of its own', () => {
    const [, f] = foldSameLineFlags([issue({ severity: 'warning' }), flag({ severity: 'error' })]);
    expect(f).toMatchObject({ counts: true });
    expect(f).not.toHaveProperty('sameAs');
  });

  it('keeps flags on other lines, without a line, or beside a set-aside issue with other words, findings of their own', () => {
    const dismissed = issue({ line: 12, disposition: { kind: 'dismissed', by: 'mona', reason: 'vetted' }, counts: false });
    const found = foldSameLineFlags([
      issue(),
      dismissed,
      flag({ line: 11 }),
      flag({ line: null, location: 'impossible-line' }),
      flag({ line: 12 }),
    ]);
    expect(found.slice(2).map((f) => [f.line, f.counts, f.sameAs])).toEqual([
      [11, true, undefined],
      [null, true, undefined],
      [12, true, undefined],
    ]);
  });

  it('sets a flag aside with a set-aside issue on its line only when it says the same words', () => {
    const dismissal = { kind: 'dismissed' as const, by: 'mona', reason: 'vetted' };
    const dismissed = issue({ disposition: dismissal, counts: false });
    const [, same, other] = foldSameLineFlags([dismissed, flag({ message: ' eval()  of input ' }), flag({ message: 'Something else' })]);
    expect(same).toMatchObject({ sameAs: dismissed.fingerprint, disposition: dismissal, counts: false });
    expect(same).not.toHaveProperty('uncounted');
    expect(other).toMatchObject({ counts: true });
    expect(other).not.toHaveProperty('sameAs');
  });

  it('prefers an issue the gate still weighs to a set-aside one on the same line', () => {
    const dismissed = issue({ message: 'Code injection', disposition: { kind: 'dismissed', by: 'mona', reason: 'vetted' }, counts: false });
    const counted = issue({ message: 'eval() of input' });
    const [, , f] = foldSameLineFlags([dismissed, counted, flag()]);
    expect(f).toMatchObject({ sameAs: counted.fingerprint, uncounted: 'the error issue on this line stands for it, in one comment' });
    expect(f).not.toHaveProperty('disposition');
  });

  it('never lets a flag the gate counts hide behind an issue it does not', () => {
    // An issue outside the diff is not counted in gate-scope added; a flag in gate-scope file would be.
    const [, f] = foldSameLineFlags([issue({ location: 'outside-diff', counts: false }), flag({ location: 'outside-diff', counts: true })]);
    expect(f).toMatchObject({ counts: true });
    expect(f).not.toHaveProperty('sameAs');
  });

  it('folds a flag the gate does not count anyway, keeping why', () => {
    const [, f] = foldSameLineFlags([issue(), flag({ uncounted: 'security-flags: report', counts: false })]);
    expect(f).toMatchObject({ sameAs: issue().fingerprint, counts: false, uncounted: 'security-flags: report' });
  });

  it('leaves issues alone, and a file without issues as it is', () => {
    const flags = [flag(), flag({ line: 3 })];
    expect(foldSameLineFlags(flags)).toEqual(flags);
  });
});
