/**
 * injection-check's weighing of a file's two answers: the stricter one counts, the same finding
 * posts once however it is worded, and an honest answer of blanked code adds nothing.
 */
import { describe, expect, it } from 'vitest';
import { weighAnswers } from '../../src/locate/injection';
import { finding } from '../support/findings';

const evalError = (overrides = {}) => finding({ severity: 'error', line: 3, message: 'eval() runs arbitrary code.', lineText: '    return eval(rule)', ...overrides });

describe('weighing the answers of a file and of the file with its comments and strings blanked', () => {
  it('adds an error only the second review reports, on an added line, marked as a possible prompt injection', () => {
    const weighed = weighAnswers({ findings: [], score: 100 }, { findings: [evalError()], score: 85 }, 0);
    expect(weighed.findings).toEqual([{ ...evalError(), possibleInjection: true }]);
    expect(weighed.injection).toEqual({ blankedScore: 85, findings: 1 });
  });

  it('keeps the first review’s finding alone when the second says the same on the same line in other words, or the same words on another line', () => {
    const first = [evalError()];
    for (const second of [evalError({ message: 'Evaluating the rule executes arbitrary code: use ast.literal_eval.' }), evalError({ line: 4 })]) {
      const weighed = weighAnswers({ findings: first, score: 85 }, { findings: [second], score: 85 }, 0);
      expect(weighed).toEqual({ findings: first });
    }
  });

  it('adds the second review’s error where the first reported the line less severely', () => {
    const weighed = weighAnswers({ findings: [evalError({ severity: 'info', message: 'Consider validating the rule.' })], score: 99 }, { findings: [evalError()], score: 85 }, 0);
    expect(weighed.findings.map((f) => [f.severity, f.possibleInjection])).toEqual([['info', undefined], ['error', true]]);
  });

  it('adds no warning or info of the second review, and no error the gate does not count where it is', () => {
    const second = [evalError({ severity: 'warning' }), evalError({ location: 'outside-diff', counts: false }), evalError({ line: 7, disposition: { kind: 'suppressed', reason: 'sandboxed', line: 7 }, counts: false })];
    expect(weighAnswers({ findings: [], score: 100 }, { findings: second, score: 90 }, 0)).toEqual({ findings: [] });
  });

  it(`counts a blanked score more than the margin below min-score when the file's own score is not below it`, () => {
    expect(weighAnswers({ findings: [], score: 100 }, { findings: [], score: 69 }, 80).injection).toEqual({ blankedScore: 69, scoreBelow: 80, findings: 0 });
    // Within the margin: blanked code reads worse, and an honest review may score it lower.
    expect(weighAnswers({ findings: [], score: 100 }, { findings: [], score: 70 }, 80)).toEqual({ findings: [] });
    // Below min-score as written already: the first answer fails it, nothing was swayed up.
    expect(weighAnswers({ findings: [], score: 75 }, { findings: [], score: 40 }, 80)).toEqual({ findings: [] });
    // min-score 0: no score fails.
    expect(weighAnswers({ findings: [], score: 100 }, { findings: [], score: 0 }, 0)).toEqual({ findings: [] });
  });
});
