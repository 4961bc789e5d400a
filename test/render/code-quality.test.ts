/** GitLab's Code Quality report: the documented subset of a Code Climate issue, one per finding. */
import { describe, expect, it } from 'vitest';
import { buildCodeQuality, renderCodeQuality } from '../../src/render/code-quality';
import { kindOf, ruleIdOf } from '../../src/render/sarif';
import { finding } from '../support/findings';

describe('buildCodeQuality', () => {
  it('gives each finding the documented fields: description, check_name, fingerprint, severity, location', () => {
    const f = finding({ path: 'src/app.py', line: 6, severity: 'error', message: 'eval() runs\narbitrary code.' });
    expect(buildCodeQuality([f])).toEqual([
      {
        description: 'eval() runs arbitrary code.',
        check_name: ruleIdOf(kindOf('eval() runs arbitrary code.')),
        fingerprint: f.fingerprint,
        severity: 'critical',
        location: { path: 'src/app.py', lines: { begin: 6 } },
      },
    ]);
  });

  it('maps error, warning and info to critical, major and info, most severe first', () => {
    const report = buildCodeQuality([
      finding({ line: 1, severity: 'info', message: 'i' }),
      finding({ line: 2, severity: 'warning', message: 'w' }),
      finding({ line: 3, severity: 'error', message: 'e' }),
    ]);
    expect(report.map((i) => [i.severity, i.description])).toEqual([['critical', 'e'], ['major', 'w'], ['info', 'i']]);
  });

  it('places a line the file does not have on line 1, saying so, and says what else the gate knows', () => {
    const report = buildCodeQuality([
      finding({ line: 0, location: 'impossible-line', severity: 'error', reportedSeverity: 'CRITICAL', message: 'Secret' }),
      finding({ source: 'security-flag', line: 4, severity: 'warning', message: 'Weak hash', cwe: 327, kind: 'weak-crypto', uncounted: 'security-flags: report', counts: false }),
    ]);
    expect(report.map((i) => [i.location.lines.begin, i.description])).toEqual([
      [1, 'Secret [the service named line 0, which the file does not have; shown at line 1] [reported as CRITICAL]'],
      [4, 'Weak hash [security flag (CWE-327, weak-crypto)] [not counted: security-flags: report]'],
    ]);
    expect(report[1]?.check_name).toBe(ruleIdOf('Security flag: weak-crypto'));
  });

  it('gives a second finding with the same fingerprint one of its own, the same on every run', () => {
    const twice = [finding({ line: 3, message: 'Same words' }), finding({ line: 9, message: 'Same words' })];
    expect(twice[0]?.fingerprint).toBe(twice[1]?.fingerprint);
    const first = buildCodeQuality(twice).map((i) => i.fingerprint);
    expect(first[0]).toBe(twice[0]?.fingerprint);
    expect(first[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(first[1]).not.toBe(first[0]);
    expect(buildCodeQuality(twice).map((i) => i.fingerprint)).toEqual(first);
  });

  it('gives a flag an issue stands for an entry of its own, with its own severity and CWE, and names it in the issue\'s entry', () => {
    const issue = finding({ line: 5, severity: 'error', message: 'String-built SQL' });
    const flag = finding({ source: 'security-flag', line: 5, severity: 'warning', message: 'SQL injection', cwe: 89, sameAs: issue.fingerprint, counts: false });
    expect(buildCodeQuality([issue, flag]).map((i) => [i.severity, i.description])).toEqual([
      ['critical', 'String-built SQL [also a security flag (CWE-89)]'],
      ['major', 'SQL injection [security flag (CWE-89)] [does not fail the check: not counted by the gate]'],
    ]);
  });

  it('says why a finding does not fail the check', () => {
    const outside = finding({ line: 9, severity: 'error', message: 'Old eval', location: 'outside-diff' });
    const below = { ...finding({ line: 3, severity: 'warning', message: 'Bare except' }), belowFailOnSeverity: { failOnSeverity: 'error' as const } };
    expect(buildCodeQuality([outside, below]).map((i) => i.description)).toEqual([
      'Old eval [does not fail the check: outside the diff (gate-scope: added counts added lines)]',
      'Bare except [does not fail the check: below fail-on-severity error]',
    ]);
  });

  it('renders an empty array when there is nothing, and strips what could drive a terminal', () => {
    expect(renderCodeQuality([])).toBe('[]\n');
    expect(buildCodeQuality([finding({ message: 'bell\u0007 and \u202eflip' })])[0]?.description).toBe('bell and flip');
  });
});
