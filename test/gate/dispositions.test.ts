import { describe, expect, it } from 'vitest';
import { decide } from '../../src/gate/decide';
import type { GateThresholds } from '../../src/gate/decide';
import type { Disposition, FileOutcome, FindingLocation, LabelledFinding } from '../../src/types';
import { reviewResult } from '../support/review-result';

const thresholds: GateThresholds = { failOnSeverity: 'error', gateScope: 'added', minScore: 0, onIncomplete: 'fail' };

const finding = (location: FindingLocation, disposition?: Disposition): LabelledFinding => ({
  path: 'a.py', line: 3, severity: 'error', message: 'm', suggestion: '', location, ...(disposition === undefined ? {} : { disposition }),
});
const reviewed = (findings: LabelledFinding[]): FileOutcome => ({ kind: 'reviewed', path: 'a.py', language: 'python', findings, result: reviewResult() });

const suppressed: Disposition = { kind: 'suppressed', reason: 'generated fixture', line: 2 };
const dismissed: Disposition = { kind: 'dismissed', by: 'mona', reason: 'validated upstream' };

describe('decide with suppressed and dismissed findings', () => {
  it.each([['suppressed', suppressed], ['dismissed', dismissed]] as const)('does not count a %s finding, in either gate scope', (_, disposition) => {
    const outcomes = [reviewed([finding('added-line', disposition), finding('impossible-line', disposition)])];
    for (const gateScope of ['added', 'file'] as const) {
      const verdict = decide({ outcomes }, { ...thresholds, gateScope });
      expect(verdict.result).toBe('passed');
      expect(verdict.counted).toEqual({ error: 0, warning: 0, info: 0 });
    }
  });

  it('still counts the findings beside it', () => {
    const verdict = decide({ outcomes: [reviewed([finding('added-line', dismissed), finding('added-line')])] }, thresholds);
    expect(verdict.reasons).toEqual(['1 error finding on added lines (fail-on-severity: error)']);
  });
});
