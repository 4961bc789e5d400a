/**
 * The gate with the policy's rules: each file is judged by its own fail-on-severity, gate scope
 * and min-score, carried on its outcome; files that share them are told together.
 */
import { describe, expect, it } from 'vitest';
import type { FileSettings } from '../../src/domain/policy';
import type { Severity } from '../../src/domain/vocabulary';
import { reasonTexts } from '../../src/domain/verdict';
import { decide } from '../../src/gate/decide';
import type { GateThresholds } from '../../src/gate/decide';
import type { FileOutcome } from '../../src/domain/outcomes';
import { labelled, reviewedFile } from '../support/findings';

const thresholds: GateThresholds = { failOnSeverity: 'error', gateScope: 'added', minScore: 60, onIncomplete: 'fail' };
const run: FileSettings = { focusAreas: [], failOnSeverity: 'error', minScore: 60, gateScope: 'added', commentSeverity: 'info', securityFlags: 'gate', rules: [], decidedBy: {} };

function file(path: string, score: number, severities: Severity[], settings: Partial<FileSettings> = {}): FileOutcome {
  const findings = severities.map((severity, i) => labelled({ path, line: i + 1, severity, message: `m${i}`, suggestion: '', location: 'added-line' }));
  return { ...reviewedFile(path, { score, findings }), settings: { ...run, ...settings } };
}

describe('decide under the policy', () => {
  it('lets a file whose rule says never pass on its error, and fails the same error elsewhere', () => {
    const legacy = file('legacy/a.py', 90, ['error'], { failOnSeverity: 'never', rules: [1] });
    expect(decide({ outcomes: [legacy] }, thresholds).result).toBe('passed');
    const verdict = decide({ outcomes: [legacy, file('src/b.py', 90, ['error'])] }, thresholds);
    expect(reasonTexts(verdict)).toEqual(['1 error finding on added lines (fail-on-severity: error)']);
  });

  it('fails a file held to warnings on its warning, each sentence naming the threshold its files are judged by', () => {
    const verdict = decide({ outcomes: [file('api/a.py', 90, ['warning', 'error'], { failOnSeverity: 'warning' }), file('src/b.py', 90, ['warning', 'error'])] }, thresholds);
    expect(reasonTexts(verdict)).toEqual([
      '1 error finding on added lines (fail-on-severity: warning)',
      '1 error finding on added lines (fail-on-severity: error)',
      '1 warning finding on added lines (fail-on-severity: warning)',
    ]);
  });

  it('gives the files of a rule with gate-scope file their own sentence', () => {
    const wide = labelled({ path: 'core/a.py', line: 9, severity: 'error', message: 'x', suggestion: '', location: 'outside-diff' }, 'file');
    const outcome: FileOutcome = { ...reviewedFile('core/a.py', { score: 90, findings: [wide] }), settings: { ...run, gateScope: 'file' } };
    expect(reasonTexts(decide({ outcomes: [outcome, file('src/b.py', 90, ['error'])] }, thresholds))).toEqual([
      '1 error finding in reviewed files (fail-on-severity: error)',
      '1 error finding on added lines (fail-on-severity: error)',
    ]);
  });

  it("judges each file's score by its own min-score", () => {
    const verdict = decide({ outcomes: [file('legacy/a.py', 30, [], { minScore: 0 }), file('src/b.py', 55, []), file('gen/c.py', 45, [], { minScore: 40 })] }, thresholds);
    expect(reasonTexts(verdict)).toEqual(['quality score 55 of src/b.py is below min-score 60']);
  });

  it('judges a file without settings by the run\'s thresholds', () => {
    const bare = reviewedFile('a.py', { score: 50, findings: [] });
    expect(reasonTexts(decide({ outcomes: [bare] }, thresholds))).toEqual(['quality score 50 of a.py is below min-score 60']);
  });
});
