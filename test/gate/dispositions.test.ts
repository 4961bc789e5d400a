import { describe, expect, it } from 'vitest';
import { decide } from '../../src/gate/decide';
import type { GateThresholds } from '../../src/gate/decide';
import type { Disposition, FindingLocation, LabelledFinding } from '../../src/domain/findings';
import type { FileOutcome } from '../../src/domain/outcomes';
import { labelled, reviewedFile } from '../support/findings';
import { reasonTexts } from '../../src/domain/verdict';
import type { GateScope } from '../../src/domain/vocabulary';

const thresholds: GateThresholds = { failOnSeverity: 'error', gateScope: 'added', minScore: 0, onIncomplete: 'fail' };

const finding = (location: FindingLocation, disposition?: Disposition, scope: GateScope = 'added'): LabelledFinding =>
  labelled({ path: 'a.py', line: 3, severity: 'error', message: 'm', suggestion: '', location, ...(disposition === undefined ? {} : { disposition }) }, scope);
const reviewed = (findings: LabelledFinding[]): FileOutcome => reviewedFile('a.py', { findings });

const suppressed: Disposition = { kind: 'suppressed', reason: 'generated fixture', line: 2 };
const dismissed: Disposition = { kind: 'dismissed', by: 'mona', reason: 'validated upstream' };

describe('decide with suppressed and dismissed findings', () => {
  it.each([['suppressed', suppressed], ['dismissed', dismissed]] as const)('does not count a %s finding, in either gate scope', (_, disposition) => {
    for (const gateScope of ['added', 'file'] as const) {
      const outcomes = [reviewed([finding('added-line', disposition, gateScope), finding('impossible-line', disposition, gateScope)])];
      const verdict = decide({ outcomes }, { ...thresholds, gateScope });
      expect(verdict.result).toBe('passed');
      expect(verdict.counted).toEqual({ error: 0, warning: 0, info: 0 });
    }
  });

  it('still counts the findings beside it', () => {
    const verdict = decide({ outcomes: [reviewed([finding('added-line', dismissed), finding('added-line')])] }, thresholds);
    expect(reasonTexts(verdict)).toEqual(['1 error finding on added lines (fail-on-severity: error)']);
  });
});
