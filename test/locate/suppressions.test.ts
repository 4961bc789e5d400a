import { describe, expect, it } from 'vitest';
import { labelFindings } from '../../src/locate/label';
import { parsePatch } from '../../src/locate/parse-patch';
import { findMarkers } from '../../src/locate/suppressions';
import type { ReviewLanguage } from '../../src/domain/vocabulary';

/** The one marker of a one-line file, as `findMarkers` reads it. */
function markerOf(language: ReviewLanguage, line: string, path = '') {
  const [markers] = [...findMarkers(`${line}\n`, language, path).values()];
  const [marker, ...others] = markers ?? [];
  expect(others).toEqual([]);
  return marker === undefined ? undefined : { ownLine: marker.ownLine, reason: marker.reason };
}

describe('findMarkers on one line', () => {
  const cases: Array<[ReviewLanguage, string, { ownLine: boolean; reason: string | undefined }]> = [
    ['python', 'x = eval(s)  # review-gate-ignore: generated fixture', { ownLine: false, reason: 'generated fixture' }],
    ['python', '    # review-gate-ignore: generated fixture', { ownLine: true, reason: 'generated fixture' }],
    ['python', '# noqa: E501, review-gate-ignore: vendored table', { ownLine: true, reason: 'vendored table' }],
    ['python', 'x = "#"  # review-gate-ignore: after a string holding #', { ownLine: false, reason: 'after a string holding #' }],
    ['javascript', 'eval(s); // review-gate-ignore: sandboxed', { ownLine: false, reason: 'sandboxed' }],
    ['typescript', '  // review-gate-ignore:   trimmed reason  ', { ownLine: true, reason: 'trimmed reason' }],
    ['typescript', '/* review-gate-ignore: in a block */', { ownLine: true, reason: 'in a block' }],
    ['typescript', '/* review-gate-ignore: before code */ eval(s);', { ownLine: false, reason: 'before code' }],
    ['typescript', 'eval(s); /* review-gate-ignore: after code */', { ownLine: false, reason: 'after code' }],
    ['typescript', '/* a note */ // review-gate-ignore: only comments on the line', { ownLine: true, reason: 'only comments on the line' }],
    ['go', '\tpanic("x") // review-gate-ignore: demo', { ownLine: false, reason: 'demo' }],
    ['go', '/* review-gate-ignore: demo */', { ownLine: true, reason: 'demo' }],
    ['rust', '    /// review-gate-ignore: doc comment', { ownLine: true, reason: 'doc comment' }],
    ['rust', 'let v = x.unwrap(); // review-gate-ignore: checked above', { ownLine: false, reason: 'checked above' }],
    ['javascript', '/* a */ eval(s); // review-gate-ignore: second comment', { ownLine: false, reason: 'second comment' }],
  ];
  it.each(cases)('reads %s: %s', (language, line, expected) => {
    expect(markerOf(language, line)).toEqual(expected);
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
    expect(markerOf(language, line)).toMatchObject({ reason: undefined });
  });

  it.each([
    ['python', 'x = 1  // review-gate-ignore: not a python comment'],
    ['javascript', 'x = 1  # review-gate-ignore: not a javascript comment'],
    ['go', 'x := 1 -- review-gate-ignore: not a go comment'],
    ['rust', 'let x = "review-gate-ignore: no comment at all";'],
    ['typescript', '// my-review-gate-ignore: another tool'],
    ['typescript', '// review-gate-ignored: a different word'],
    ['python', 'x = eval(s) or "http://example.com/#review-gate-ignore: in a string"'],
    ['python', 'x = eval(s) or f"{s:#>10} review-gate-ignore: in a format spec"'],
    ['javascript', 'x = eval(s) || "http://x // review-gate-ignore: in a string";'],
    ['javascript', 'x = eval(s) || `${s} // review-gate-ignore: in a template`;'],
    ['javascript', 'x = eval(s) || /[//] review-gate-ignore: in a regular expression/.test(s);'],
    ['go', 'panic("see http://x // review-gate-ignore: in a string")'],
    ['rust', 'let s = r#"a " // review-gate-ignore: in a raw string"#; x.unwrap()'],
  ] as const)('reads no marker outside a comment of the language or in another word (%s: %s)', (language, line) => {
    expect(markerOf(language, line)).toBeUndefined();
  });
});

describe('findMarkers in a file', () => {
  it('maps a marker after code to its own line and one on a line of its own to the next line', () => {
    const text = 'a = 1  # review-gate-ignore: same line\n# review-gate-ignore: next line\nb = 2\nc = 3\n';
    expect([...findMarkers(text, 'python')]).toEqual([
      [1, [{ line: 1, ownLine: false, reason: 'same line' }]],
      [3, [{ line: 2, ownLine: true, reason: 'next line' }]],
    ]);
  });

  it('lists both markers that apply to a line, the one above first', () => {
    const text = '// review-gate-ignore\neval(s); // review-gate-ignore: reasoned\n';
    expect(findMarkers(text, 'javascript').get(2)).toEqual([
      { line: 1, ownLine: true, reason: undefined },
      { line: 2, ownLine: false, reason: 'reasoned' },
    ]);
  });

  it('reads a marker only on the line where its comment starts, and a comment ending on a line after code as that line’s', () => {
    const text = ['/* a note', '   review-gate-ignore: on a later line of the comment */', 'eval(s);', '/* review-gate-ignore: opens here', '*/ eval(s);'].join('\n');
    expect([...findMarkers(text, 'javascript')]).toEqual([[5, [{ line: 4, ownLine: true, reason: 'opens here' }]]]);
  });

  it('reads no marker in a docstring, a multi-line template literal, a raw string or JSX text, above the line it would cover', () => {
    expect(findMarkers('def f(raw):\n    """Docs.\n    # review-gate-ignore: trusted"""\n    return eval(raw)\n', 'python').size).toBe(0);
    expect(findMarkers('const b = `\n// review-gate-ignore: fixture\n`; eval(s);\n', 'javascript').size).toBe(0);
    expect(findMarkers('var u = `\n// review-gate-ignore: demo\n`; func main() { panic("x") }\n', 'go').size).toBe(0);
    expect(findMarkers('return <p>\n  // review-gate-ignore: shown to users\n  {eval(s)}\n</p>;\n', 'typescript', 'view.tsx').size).toBe(0);
  });

  it('reads JSX’s own comment, {/* … */}, on a line of its own as a marker for the next line', () => {
    const text = 'return <p>\n  {/* review-gate-ignore: a JSX comment */}\n  {eval(s)}\n</p>;\n';
    expect(findMarkers(text, 'typescript', 'view.tsx').get(3)).toEqual([{ line: 2, ownLine: true, reason: 'a JSX comment' }]);
  });

  it.each<[ReviewLanguage, string]>([
    ['python', '# review-gate-ignore: crlf'],
    ['javascript', '// review-gate-ignore: crlf'],
    ['go', '/* review-gate-ignore: crlf */'],
    ['rust', '// review-gate-ignore: crlf'],
  ])('reads %s with CRLF line ends as with LF: %s above the next line', (language, marker) => {
    const text = ['x', marker, 'y', ''].join('\r\n');
    expect([...findMarkers(text, language)]).toEqual([[3, [{ line: 2, ownLine: true, reason: 'crlf' }]]]);
  });

  it('reads a marker in a .ts file after a cast that would be JSX in a .tsx file', () => {
    const text = 'const n = <number>x;\n// review-gate-ignore: cast checked\neval(s);\n';
    expect(findMarkers(text, 'typescript', 'a.ts').get(3)).toEqual([{ line: 2, ownLine: true, reason: 'cast checked' }]);
  });
});

describe('labelFindings with suppressions', () => {
  const content = ['def f(raw):', '    # review-gate-ignore: generated fixture', '    return eval(raw)', '    x = eval(raw)  # review-gate-ignore', ''].join('\n');
  const issue = (line: number) => ({ severity: 'error' as const, line, message: 'eval', suggestion: '' });
  const label = (patch: string | undefined, issues = [issue(3)]) =>
    labelFindings({ path: 'a.py', issues, patch: patch === undefined ? undefined : parsePatch(patch, 'a.py'), content, language: 'python', gateScope: 'added' });

  it('labels suppressed findings with a disposition and refused ones with why, and leaves the rest alone', () => {
    const findings = label('@@ -0,0 +1,4 @@\n+a\n+b\n+c\n+d', [issue(3), issue(4), issue(1)]);
    expect(findings.map((f) => [f.line, f.location, f.disposition, f.refusedDispositions])).toEqual([
      [3, 'added-line', { kind: 'suppressed', reason: 'generated fixture', line: 2, addedHere: true }, undefined],
      [4, 'added-line', undefined, ['review-gate-ignore on line 4 gives no reason (write "review-gate-ignore: <reason>"), so it does not count']],
      [1, 'added-line', undefined, undefined],
    ]);
  });

  it('does not let a marker the pull request did not add cover a line it adds', () => {
    const [finding] = label('@@ -1,3 +1,4 @@\n a\n b\n+c\n d');
    expect(finding?.disposition).toBeUndefined();
    expect(finding?.refusedDispositions).toEqual([
      'review-gate-ignore on line 2 is not part of this pull request, so it does not cover line 3, which the pull request adds (a marker on line 3, or one the pull request adds above it, would)',
    ]);
  });

  it('keeps today’s rule for a line the pull request does not add: a marker above it covers it', () => {
    const [context] = label('@@ -1,4 +1,4 @@\n a\n b\n c\n-x\n+d');
    const [outside] = label('@@ -4,1 +4,1 @@\n-x\n+d');
    expect([context?.location, context?.disposition?.kind]).toEqual(['diff-context', 'suppressed']);
    expect([outside?.location, outside?.disposition?.kind]).toEqual(['outside-diff', 'suppressed']);
    // A marker of the base: suppressions-need-approval never holds it.
    expect([context, outside].map((f) => f?.disposition?.kind === 'suppressed' && f.disposition.addedHere)).toEqual([undefined, undefined]);
  });

  it('does not count an own-line marker when the diff is unknown, and says why', () => {
    const [finding] = label(undefined);
    expect(finding?.location).toBe('diff-unknown');
    expect(finding?.disposition).toBeUndefined();
    expect(finding?.refusedDispositions?.[0]).toMatch(/^review-gate-ignore on line 2 is on a line of its own above line 3, and the diff of this file is unknown/);
  });

  it('counts a marker on the finding’s own line when the diff is unknown', () => {
    const text = 'def f(raw):\n    return eval(raw)  # review-gate-ignore: trusted\n';
    const [finding] = labelFindings({ path: 'a.py', issues: [issue(2)], patch: undefined, content: text, language: 'python', gateScope: 'added' });
    // The diff is unknown, so the pull request may have added the marker (suppressions-need-approval holds it).
    expect(finding?.disposition).toEqual({ kind: 'suppressed', reason: 'trusted', line: 2, addedHere: true });
  });

  it('lists why each marker aimed at a finding does not count', () => {
    const text = '# review-gate-ignore: from the base\neval(s)  # review-gate-ignore\n';
    const [finding] = labelFindings({ path: 'a.py', issues: [issue(2)], patch: parsePatch('@@ -1,1 +1,2 @@\n a\n+b', 'a.py'), content: text, language: 'python', gateScope: 'added' });
    expect(finding?.refusedDispositions).toHaveLength(2);
    expect(finding?.refusedDispositions?.[0]).toMatch(/^review-gate-ignore on line 1 is not part of this pull request/);
    expect(finding?.refusedDispositions?.[1]).toMatch(/^review-gate-ignore on line 2 gives no reason/);
  });

  it('reads no marker when the language is not known', () => {
    const [finding] = labelFindings({ path: 'a.txt', issues: [issue(3)], patch: undefined, content, gateScope: 'added' });
    expect(finding?.disposition).toBeUndefined();
  });
});
