import { describe, expect, it } from 'vitest';
import { decide } from '../../src/gate/decide';
import type { GateThresholds } from '../../src/gate/decide';
import type { BaseScore, FileOutcome } from '../../src/domain/outcomes';
import { reviewedFile } from '../support/findings';
import { reasonTexts } from '../../src/domain/verdict';

const thresholds: GateThresholds = { failOnSeverity: 'error', gateScope: 'added', minScore: 0, onIncomplete: 'neutral' };

const reviewed = (path: string, score: number): FileOutcome => reviewedFile(path, { score });
const notReviewed = (path: string, reason: string): FileOutcome => ({ kind: 'failed', path, reason });

describe('on-incomplete: neutral', () => {
  it('is neutral when some file could not be reviewed and nothing else fails, naming every such file with its reason', () => {
    const outcomes = [reviewed('a.py', 90), notReviewed('b.py', 'context_too_long'), notReviewed('c.py', 'max-duration reached')];
    const verdict = decide({ outcomes }, thresholds);
    expect(verdict.result).toBe('neutral');
    expect(reasonTexts(verdict)).toEqual([
      '2 files could not be reviewed: b.py (context_too_long); c.py (max-duration reached) (on-incomplete: neutral)',
    ]);
  });

  it('fails when something else fails, keeping the unreviewed files as a notice', () => {
    const outcomes = [reviewed('a.py', 50), notReviewed('b.py', 'context_too_long')];
    const verdict = decide({ outcomes }, { ...thresholds, minScore: 60 });
    expect(verdict.result).toBe('failed');
    expect(reasonTexts(verdict)).toEqual(['quality score 50 of a.py is below min-score 60']);
    expect(verdict.notices).toEqual([
      '1 file could not be reviewed: b.py (context_too_long) (on-incomplete: neutral); the check fails for the reasons above anyway',
    ]);
  });

  it('still fails on a fatal error, and passes when every file was reviewed', () => {
    const fatal = decide({ outcomes: [notReviewed('a.py', 'key rejected')], fatal: 'key rejected' }, thresholds);
    expect(fatal).toMatchObject({ result: 'failed', reasons: [{ text: 'key rejected', cause: 'could-not-run' }] });
    expect(decide({ outcomes: [reviewed('a.py', 90)] }, thresholds).result).toBe('passed');
  });

  it('is neutral for a file list GitHub cut at 3,000 files', () => {
    expect(decide({ outcomes: [reviewed('a.py', 90)], listTruncated: true }, thresholds).result).toBe('neutral');
  });
});

describe('min-score against the base version (score-baseline: base)', () => {
  const gate = { ...thresholds, onIncomplete: 'fail' as const, minScore: 60 };
  const baselines = (entries: Array<[string, BaseScore]>) => new Map(entries);

  it('passes a file below min-score that did not get worse than its base version, with a notice showing base → head', () => {
    const verdict = decide({ outcomes: [reviewed('legacy.py', 45)], baselines: baselines([['legacy.py', { kind: 'scored', score: 40 }]]) }, gate);
    expect(verdict.result).toBe('passed');
    expect(verdict.notices).toEqual([
      "quality score 45 of legacy.py is below min-score 60 but not below its base version's 40 (40 → 45), so it passes (score-baseline: base)",
    ]);
    expect(verdict.lowestScore).toBe(45);
  });

  it('passes a file whose score stayed the same, and fails one that went down below min-score', () => {
    const outcomes = [reviewed('same.py', 50), reviewed('worse.py', 55)];
    const verdict = decide(
      { outcomes, baselines: baselines([['same.py', { kind: 'scored', score: 50 }], ['worse.py', { kind: 'scored', score: 70 }]]) },
      gate,
    );
    expect(verdict.result).toBe('failed');
    expect(reasonTexts(verdict)).toEqual(["quality score 55 of worse.py is below min-score 60 and below its base version's 70 (70 → 55, score-baseline: base)"]);
  });

  it('judges a file without a base score (a new file) on its own score', () => {
    const verdict = decide({ outcomes: [reviewed('new.py', 45)], baselines: baselines([]) }, gate);
    expect(reasonTexts(verdict)).toEqual(['quality score 45 of new.py is below min-score 60']);
  });

  it('fails closed when the base version could not be scored, saying why', () => {
    const verdict = decide(
      { outcomes: [reviewed('legacy.py', 45)], baselines: baselines([['legacy.py', { kind: 'unavailable', reason: 'service overloaded' }]]) },
      gate,
    );
    expect(verdict.result).toBe('failed');
    expect(reasonTexts(verdict)).toEqual([
      'quality score 45 of legacy.py is below min-score 60, and its base version could not be scored (service overloaded), so it is judged on its own score (score-baseline: base)',
    ]);
  });

  it('ignores a base score of a file at or above min-score', () => {
    const verdict = decide({ outcomes: [reviewed('fine.py', 80)], baselines: baselines([['fine.py', { kind: 'scored', score: 95 }]]) }, gate);
    expect(verdict).toMatchObject({ result: 'passed', notices: [] });
  });
});
