import { describe, expect, it } from 'vitest';
import type { ReviewIssue, SecurityFlag } from '../../src/domain/review-answer';
import { parsePatch } from '../../src/locate/parse-patch';
import { findingFingerprint } from '../../src/locate/fingerprint';
import { labelFindings, splitLines } from '../../src/locate/label';

function issue(line: number | null, extra: Partial<ReviewIssue> = {}): ReviewIssue {
  return { severity: 'warning', line, message: `at ${String(line)}`, suggestion: '', ...extra };
}

// Lines 1-6; the patch adds 3 and 4 and shows 2 and 5 as context.
const content = 'one\ntwo\nthree\nfour\nfive\nsix\n';
const patch = parsePatch('@@ -1,4 +1,6 @@ head\n one\n two\n+three\n+four\n five\n six', 'a.py');
const shortPatch = parsePatch('@@ -2,2 +2,4 @@\n two\n+three\n+four\n five', 'a.py');

describe('labelFindings', () => {
  it('labels added, context and outside lines against the patch', () => {
    const found = labelFindings({ path: 'a.py', issues: [issue(3), issue(2), issue(6), issue(4)], patch: shortPatch, content, gateScope: 'added' });
    expect(found.map((f) => [f.line, f.location])).toEqual([
      [3, 'added-line'],
      [2, 'diff-context'],
      [6, 'outside-diff'],
      [4, 'added-line'],
    ]);
  });

  it('keeps one finding per issue, in order, even for impossible lines', () => {
    const issues = [issue(null), issue(0), issue(-2), issue(2.5), issue(7), issue(1)];
    const found = labelFindings({ path: 'a.py', issues, patch, content, gateScope: 'added' });
    expect(found).toHaveLength(6);
    expect(found.map((f) => f.location)).toEqual([
      'impossible-line',
      'impossible-line',
      'impossible-line',
      'impossible-line',
      'impossible-line',
      'diff-context',
    ]);
    expect(found.map((f) => f.message)).toEqual(issues.map((i) => i.message));
  });

  it('says the diff is unknown when GitHub sent no patch, but still checks the line exists', () => {
    const found = labelFindings({ path: 'a.py', issues: [issue(3), issue(99)], patch: undefined, content, gateScope: 'added' });
    expect(found.map((f) => f.location)).toEqual(['diff-unknown', 'impossible-line']);
  });

  it('carries the text of the line, without CR, and none for an impossible line', () => {
    const found = labelFindings({
      path: 'a.py',
      issues: [issue(2), issue(3)],
      patch: undefined,
      content: 'a\r\n  b = 1\r\n',
      gateScope: 'added',
    });
    expect(found[0]?.lineText).toBe('  b = 1');
    expect(found[1]?.location).toBe('impossible-line');
    expect(found[1]).not.toHaveProperty('lineText');
  });

  it('copies severity, the reported severity, message and suggestion as sent', () => {
    const [f] = labelFindings({
      path: 'src/x.ts',
      issues: [issue(3, { severity: 'info', reportedSeverity: 'critical', message: 'm', suggestion: 's' })],
      patch,
      content,
      gateScope: 'added',
    });
    expect(f).toEqual({
      source: 'issue',
      path: 'src/x.ts',
      line: 3,
      severity: 'info',
      reportedSeverity: 'critical',
      message: 'm',
      suggestion: 's',
      location: 'added-line',
      lineText: 'three',
      fingerprint: findingFingerprint({ path: 'src/x.ts', message: 'm', lineText: 'three' }),
      counts: true,
    });
  });

  it('decides once whether the gate counts each finding, under the gate scope it is given', () => {
    const issues = [issue(3), issue(2), issue(6), issue(0)];
    const counts = (gateScope: 'added' | 'file') => labelFindings({ path: 'a.py', issues, patch: shortPatch, content, gateScope }).map((f) => [f.location, f.counts]);
    expect(counts('added')).toEqual([['added-line', true], ['diff-context', false], ['outside-diff', false], ['impossible-line', true]]);
    expect(counts('file')).toEqual([['added-line', true], ['diff-context', true], ['outside-diff', true], ['impossible-line', true]]);
  });

  it('never counts a suppressed finding, and gives it the fingerprint its comment would carry', () => {
    const text = 'x = 1\nrun(x)  # review-gate-ignore: vetted\n';
    const [f] = labelFindings({ path: 'a.py', issues: [issue(2)], patch: undefined, content: text, language: 'python', gateScope: 'file' });
    expect(f).toMatchObject({ disposition: { kind: 'suppressed' }, counts: false, fingerprint: findingFingerprint({ path: 'a.py', message: 'at 2', lineText: 'run(x)  # review-gate-ignore: vetted' }) });
  });
});

describe('labelFindings of security flags', () => {
  const flag = (line: number | null, extra: Partial<SecurityFlag> = {}): SecurityFlag => ({ severity: 'error', line, message: `flag at ${String(line)}`, suggestion: '', ...extra });

  it('labels each flag after the issues, placed by its line like an issue, with its kind and CWE', () => {
    const found = labelFindings({ path: 'a.py', issues: [issue(3)], flags: [flag(4, { kind: 'xss', cwe: 79 }), flag(6), flag(null)], patch: shortPatch, content, gateScope: 'added' });
    expect(found.map((f) => [f.source, f.line, f.location, f.counts])).toEqual([
      ['issue', 3, 'added-line', true],
      ['security-flag', 4, 'added-line', true],
      ['security-flag', 6, 'outside-diff', false],
      ['security-flag', null, 'impossible-line', true],
    ]);
    expect(found[1]).toMatchObject({ kind: 'xss', cwe: 79, lineText: 'four' });
  });

  it('counts no flag with security-flags: report, saying why, and still counts the issues', () => {
    const found = labelFindings({ path: 'a.py', issues: [issue(3)], flags: [flag(4), flag(null)], securityFlags: 'report', patch: shortPatch, content, gateScope: 'added' });
    expect(found.map((f) => [f.source, f.counts, f.uncounted])).toEqual([
      ['issue', true, undefined],
      ['security-flag', false, 'security-flags: report'],
      ['security-flag', false, 'security-flags: report'],
    ]);
  });

  it('gives a flag a fingerprint of its own, even with the words and line of an issue', () => {
    const [i, f] = labelFindings({ path: 'a.py', issues: [issue(3, { message: 'same' })], flags: [flag(3, { message: 'same' })], patch, content, gateScope: 'added' });
    expect(i?.fingerprint).toBe(findingFingerprint({ path: 'a.py', message: 'same', lineText: 'three' }));
    expect(f?.fingerprint).not.toBe(i?.fingerprint);
    expect(f?.fingerprint).toMatch(/^[0-9a-f]{32}$/);
  });

  it('suppresses a flag with review-gate-ignore on its line, as an issue', () => {
    const text = 'x = 1\nrun(x)  # review-gate-ignore: vetted input\n';
    const [f] = labelFindings({ path: 'a.py', issues: [], flags: [flag(2)], patch: undefined, content: text, language: 'python', gateScope: 'added' });
    expect(f).toMatchObject({ source: 'security-flag', disposition: { kind: 'suppressed' }, counts: false });
  });
});

describe('splitLines', () => {
  it('counts a final newline as the end of the last line', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\nb')).toEqual(['a', 'b']);
    expect(splitLines('a\r\nb\r\n')).toEqual(['a', 'b']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n')).toEqual(['']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
  });
});
