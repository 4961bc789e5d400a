import { describe, expect, it } from 'vitest';
import { firstUncountedBreak } from '../../src/locate/line-breaks';
import { labelFindings } from '../../src/locate/label';
import { parsePatch } from '../../src/locate/parse-patch';
import type { ReviewLanguage } from '../../src/domain/vocabulary';

describe('firstUncountedBreak', () => {
  it.each([
    ['\r', 'a lone carriage return (CR)'],
    ['\v', 'a vertical tab (VT)'],
    ['\f', 'a form feed (FF)'],
    ['\x1c', 'a file separator (U+001C)'],
    ['\x1d', 'a group separator (U+001D)'],
    ['\x1e', 'a record separator (U+001E)'],
    ['\x85', 'a next-line character (U+0085 NEL)'],
    ['\u2028', 'a line separator (U+2028)'],
    ['\u2029', 'a paragraph separator (U+2029)'],
  ])('finds %j, naming it and the line git puts it on', (char, name) => {
    expect(firstUncountedBreak(`a = 1\nb = 2\r\nc = 3${char}d = 4\ne = 5\n`)).toEqual({ line: 3, description: `${name} on line 3` });
  });

  it('finds none in LF or CRLF files, nor in a tab', () => {
    expect(firstUncountedBreak('a = 1\nb = 2\n')).toBeUndefined();
    expect(firstUncountedBreak('a = 1\r\nb = 2\r\n')).toBeUndefined();
    expect(firstUncountedBreak('\ta = 1\n')).toBeUndefined();
    expect(firstUncountedBreak('')).toBeUndefined();
  });

  it('finds the first, and a CR before a CRLF', () => {
    expect(firstUncountedBreak('a\nb\u2028c\nd\re\n')?.line).toBe(2);
    expect(firstUncountedBreak('a\r\r\nb\n')).toEqual({ line: 1, description: 'a lone carriage return (CR) on line 1' });
  });
});

/**
 * Per language: a marker whose comment that language (or a service splitting as str.splitlines)
 * ends at the break, with code after it on what git calls the same line.
 */
const CASES: ReadonlyArray<[ReviewLanguage, string, string]> = [
  ['javascript', 'web/a.js', 'const a = 1;\nrun(x); // review-gate-ignore: fine\u2028eval(y);\nconst b = 2;\n'],
  ['typescript', 'web/a.ts', 'const a: number = 1;\nrun(x); // review-gate-ignore: fine\u2029eval(y);\nconst b = 2;\n'],
  ['python', 'app/a.py', 'a = 1\nrun(x)  # review-gate-ignore: fine\reval(y)\nb = 2\n'],
  ['go', 'cmd/a.go', 'package main\nfunc f() { run(x) } // review-gate-ignore: fine\fexec(y)\nvar b = 2\n'],
  ['rust', 'src/a.rs', 'fn a() {}\nfn f() { run(x); } // review-gate-ignore: fine\x85unsafe { y() }\nfn b() {}\n'],
];

describe('labelFindings on a file holding a line break git does not count', () => {
  it.each(CASES)('%s: the finding on the line of the break and after is diff unknown, counts, and no marker excuses it', (language, path, content) => {
    // Line 2 is added; lines 1 and 3 are context.
    const [first, second, third] = content.split('\n');
    const patch = parsePatch(`@@ -1,2 +1,3 @@\n ${first}\n+${second}\n ${third}`, path);
    const issues = [1, 2, 3, 5].map((line) => ({ severity: 'error' as const, line, message: `at ${line}`, suggestion: '' }));
    const found = labelFindings({ path, issues, patch, content, gateScope: 'added', language });

    expect(found.map((f) => [f.line, f.location, f.counts, f.disposition])).toEqual([
      [1, 'diff-context', false, undefined],
      [2, 'diff-unknown', true, undefined],
      [3, 'diff-unknown', true, undefined],
      // Past the end in git's count, not in the service's: unknown, not impossible.
      [5, 'diff-unknown', true, undefined],
    ]);
    expect(found[1]?.uncountedBreak).toMatch(/ on line 2$/);
    expect(found[1]?.refusedDispositions).toEqual([
      expect.stringMatching(/^review-gate-ignore on line 2 does not count: the file holds .* on line 2, a line break git does not count/),
    ]);
    // Which text the service meant is not known: none is kept.
    expect(found[1]).not.toHaveProperty('lineText');
    expect(found[0]?.lineText).toBe(first);
  });

  it('refuses an own-line marker above the break for the line after it', () => {
    const content = '# review-gate-ignore: fine\nx = 1\ry = eval(z)\n';
    const found = labelFindings({
      path: 'a.py',
      issues: [{ severity: 'error', line: 2, message: 'eval', suggestion: '' }],
      patch: parsePatch('@@ -0,0 +1,2 @@\n+# review-gate-ignore: fine\n+x = 1\ry = eval(z)', 'a.py'),
      content,
      gateScope: 'added',
      language: 'python',
    });
    expect(found[0]).toMatchObject({ location: 'diff-unknown', counts: true, uncountedBreak: 'a lone carriage return (CR) on line 2' });
    expect(found[0]?.disposition).toBeUndefined();
  });

  it('keeps an impossible line impossible (0, negative, fractional) whatever the file holds', () => {
    const found = labelFindings({
      path: 'a.py',
      issues: [0, -1, 2.5].map((line) => ({ severity: 'error' as const, line, message: 'x', suggestion: '' })),
      patch: undefined,
      content: 'a\rb\nc\n',
      gateScope: 'added',
    });
    expect(found.map((f) => f.location)).toEqual(['impossible-line', 'impossible-line', 'impossible-line']);
  });
});
