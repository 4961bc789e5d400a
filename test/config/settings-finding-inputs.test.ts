/** The inputs on how findings are treated: security-flags and comment-severity. Defaults, accepted values, bad values quoted. */
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/settings';
import { parseCommentSeverity, parseSecurityFlags } from '../../src/config/finding-inputs';
import { REQUIRED_INPUTS, inputReader, settingsProblems } from './settings-inputs';

const settings = (inputs: Record<string, string>) => readSettings(inputReader({ ...REQUIRED_INPUTS, ...inputs }));

describe('security-flags', () => {
  it('counts flags (gate) unless set to report, in any case', () => {
    expect(settings({}).securityFlags).toBe('gate');
    expect(settings({ 'security-flags': ' Report ' }).securityFlags).toBe('report');
    expect(settings({ 'security-flags': 'gate' }).securityFlags).toBe('gate');
  });

  it('refuses anything else, quoting it, among the other problems', () => {
    expect(settingsProblems({ 'security-flags': 'ignore', 'min-score': '200' })).toEqual([
      "Invalid min-score '200'. Expected a whole number from 0 to 100.",
      "Invalid security-flags 'ignore'. Expected one of: gate, report.",
    ]);
  });

  it('names where a value came from, for a policy file that reads it the same way', () => {
    expect(parseSecurityFlags('off', 'security-flags in .github/review-gate.yml')).toEqual({
      problem: "Invalid security-flags in .github/review-gate.yml 'off'. Expected one of: gate, report.",
    });
  });
});

describe('comment-severity', () => {
  it('posts every severity (info) unless set to warning or error, in any case', () => {
    expect(settings({}).commentSeverity).toBe('info');
    expect(settings({ 'comment-severity': 'WARNING' }).commentSeverity).toBe('warning');
    expect(settings({ 'comment-severity': ' error ' }).commentSeverity).toBe('error');
  });

  it('refuses anything else, quoting it', () => {
    expect(settingsProblems({ 'comment-severity': 'critical' })).toEqual(["Invalid comment-severity 'critical'. Expected one of: error, warning, info."]);
    expect(parseCommentSeverity('never', 'comment-severity of legacy/** in .github/review-gate.yml')).toEqual({
      problem: "Invalid comment-severity of legacy/** in .github/review-gate.yml 'never'. Expected one of: error, warning, info.",
    });
  });
});
