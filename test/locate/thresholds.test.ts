/**
 * A counted finding below its file's fail-on-severity is labelled so, with the policy rule that
 * set that bar for the file; and every surface words why a finding does not fail the check from
 * its labels alone (domain/finding-effect.ts).
 */
import { describe, expect, it } from 'vitest';
import { failsTheCheck, whyNotFailing } from '../../src/domain/finding-effect';
import { labelThresholds } from '../../src/locate/thresholds';
import { labelled } from '../support/findings';

const error = labelled({ path: 'legacy/a.py', line: 2, severity: 'error', message: 'eval', suggestion: '', location: 'added-line' });
const warning = labelled({ path: 'legacy/a.py', line: 3, severity: 'warning', message: 'bare except', suggestion: '', location: 'added-line' });
const outside = labelled({ path: 'legacy/a.py', line: 9, severity: 'error', message: 'old eval', suggestion: '', location: 'outside-diff' });
const rules = new Map([[1, ['legacy/**']]]);

describe('labelThresholds', () => {
  it('labels what a rule keeps from failing the check with that rule, and leaves what is not counted alone', () => {
    const [e, w, o] = labelThresholds([error, warning, outside], { failOnSeverity: 'never', decidedBy: { 'fail-on-severity': 1 } }, rules);
    expect(e?.belowFailOnSeverity).toEqual({ failOnSeverity: 'never', rule: { number: 1, paths: ['legacy/**'] } });
    expect(failsTheCheck(e ?? error)).toBe(false);
    expect(whyNotFailing(e ?? error)).toBe('fail-on-severity never for this file, by policy rule 1 (legacy/**)');
    expect(w?.belowFailOnSeverity?.rule?.number).toBe(1);
    expect(o?.belowFailOnSeverity).toBeUndefined();
    expect(whyNotFailing(o ?? outside)).toBe('outside the diff (gate-scope: added counts added lines)');
  });

  it('labels a finding below the run’s own fail-on-severity without a rule, and one at or above it not at all', () => {
    const [e, w] = labelThresholds([error, warning], { failOnSeverity: 'error', decidedBy: {} }, rules);
    expect(e?.belowFailOnSeverity).toBeUndefined();
    expect(failsTheCheck(e ?? error)).toBe(true);
    expect(whyNotFailing(e ?? error)).toBeUndefined();
    expect(whyNotFailing(w ?? warning)).toBe('below fail-on-severity error');
  });

  it('says a suppression and a dismissal in the words every surface uses', () => {
    expect(whyNotFailing({ ...error, counts: false, disposition: { kind: 'suppressed', reason: 'fixture', line: 2 } })).toBe('suppressed: fixture (review-gate-ignore on line 2)');
    expect(whyNotFailing({ ...error, counts: false, disposition: { kind: 'dismissed', by: 'octocat', reason: 'on purpose' } })).toBe('dismissed by @octocat: on purpose');
  });
});
