import { describe, expect, it } from 'vitest';
import { labelFindings } from '../../src/locate/label';
import { parsePatch } from '../../src/locate/parse-patch';
import { findSuppressions, readMarker } from '../../src/locate/suppressions';
import type { ReviewLanguage } from '../../src/review/service/types';

describe('readMarker', () => {
  const cases: Array<[ReviewLanguage, string, { ownLine: boolean; reason: string | undefined }]> = [
    ['python', 'x = eval(s)  # review-gate-ignore: generated fixture', { ownLine: false, reason: 'generated fixture' }],
    ['python', '    # review-gate-ignore: generated fixture', { ownLine: true, reason: 'generated fixture' }],
    ['python', '# noqa: E501, review-gate-ignore: vendored table', { ownLine: true, reason: 'vendored table' }],
    ['javascript', 'eval(s); // review-gate-ignore: sandboxed', { ownLine: false, reason: 'sandboxed' }],
    ['typescript', '  // review-gate-ignore:   trimmed reason  ', { ownLine: true, reason: 'trimmed reason' }],
    ['typescript', '/* review-gate-ignore: in a block */', { ownLine: true, reason: 'in a block' }],
    ['typescript', '/* review-gate-ignore: before code */ eval(s);', { ownLine: false, reason: 'before code' }],
    ['typescript', 'eval(s); /* review-gate-ignore: after code */', { ownLine: false, reason: 'after code' }],
    ['go', '\tpanic("x") // review-gate-ignore: demo', { ownLine: false, reason: 'demo' }],
    ['go', '/* review-gate-ignore: demo */', { ownLine: true, reason: 'demo' }],
    ['rust', '    /// review-gate-ignore: doc comment', { ownLine: true, reason: 'doc comment' }],
    ['rust', 'let v = x.unwrap(); // review-gate-ignore: checked above', { ownLine: false, reason: 'checked above' }],
    ['javascript', '/* a */ eval(s); // review-gate-ignore: second comment', { ownLine: false, reason: 'second comment' }],
  ];
  it.each(cases)('reads %s: %s', (language, line, expected) => {
    expect(readMarker(line, language)).toEqual(expected);
  });

  it.each([
    ['python', 'eval(s)  # review-gate-ignore'],
    ['python', 'eval(s)  # review-gate-ignore:'],
    ['python', 'eval(s)  # review-gate-ignore:   '],
    ['python', 'eval(s)  # review-gate-ignore: -'],
    ['python', 'eval(s)  # review-gate-ignore generated fixture'],
    ['typescript', '/* review-gate-ignore */'],
    ['typescript', '/* review-gate-ignore: */ eval(s)'],
  ] as const)('finds no reason in %s: %s', (language, line) => {
    expect(readMarker(line, language)?.reason).toBeUndefined();
    expect(readMarker(line, language)).toBeDefined();
  });

  it.each([
    ['python', 'x = 1  // review-gate-ignore: not a python comment'],
    ['javascript', 'x = 1  # review-gate-ignore: not a javascript comment'],
    ['go', 'x := 1 -- review-gate-ignore: not a go comment'],
    ['rust', 'let x = "review-gate-ignore: no comment at all";'],
    ['typescript', '// my-review-gate-ignore: another tool'],
    ['typescript', '// review-gate-ignored: a different word'],
  ] as const)('reads no marker outside a comment of the language or in another word (%s: %s)', (language, line) => {
    expect(readMarker(line, language)).toBeUndefined();
  });
});

describe('findSuppressions', () => {
  it('maps a marker after code to its own line and one on a line of its own to the next line', () => {
    const lines = ['a = 1  # review-gate-ignore: same line', '# review-gate-ignore: next line', 'b = 2', 'c = 3'];
    expect([...findSuppressions(lines, 'python')]).toEqual([
      [1, { kind: 'suppressed', reason: 'same line', line: 1 }],
      [3, { kind: 'suppressed', reason: 'next line', line: 2 }],
    ]);
  });

  it('keeps a marker without a reason as refused, saying why', () => {
    expect(findSuppressions(['eval(s)  # review-gate-ignore'], 'python').get(1)).toEqual({
      kind: 'refused',
      line: 1,
      why: 'review-gate-ignore on line 1 gives no reason (write "review-gate-ignore: <reason>"), so it does not count',
    });
  });

  it('lets a marker with a reason win over one without when both apply to a line', () => {
    const lines = ['// review-gate-ignore', 'eval(s); // review-gate-ignore: reasoned'];
    expect(findSuppressions(lines, 'javascript').get(2)).toEqual({ kind: 'suppressed', reason: 'reasoned', line: 2 });
  });
});

describe('labelFindings with suppressions', () => {
  const content = ['def f(raw):', '    # review-gate-ignore: generated fixture', '    return eval(raw)', '    x = eval(raw)  # review-gate-ignore', ''].join('\n');
  const issue = (line: number) => ({ severity: 'error' as const, line, message: 'eval', suggestion: '' });

  it('labels suppressed findings with a disposition and refused ones with why, and leaves the rest alone', () => {
    const findings = labelFindings({ path: 'a.py', issues: [issue(3), issue(4), issue(1)], patch: parsePatch('@@ -0,0 +1,4 @@\n+a\n+b\n+c\n+d', 'a.py'), content, language: 'python' });
    expect(findings.map((f) => [f.line, f.location, f.disposition, f.refusedDispositions])).toEqual([
      [3, 'added-line', { kind: 'suppressed', reason: 'generated fixture', line: 2 }, undefined],
      [4, 'added-line', undefined, ['review-gate-ignore on line 4 gives no reason (write "review-gate-ignore: <reason>"), so it does not count']],
      [1, 'added-line', undefined, undefined],
    ]);
  });

  it('reads no marker when the language is not known', () => {
    const [finding] = labelFindings({ path: 'a.txt', issues: [issue(3)], patch: undefined, content });
    expect(finding?.disposition).toBeUndefined();
  });
});
