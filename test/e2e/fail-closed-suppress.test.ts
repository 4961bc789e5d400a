/**
 * End to end: a `review-gate-ignore: <reason>` marker suppresses only from a real comment of the
 * file's language, and only the change itself can excuse what it adds. The marker inside a
 * string, a docstring, a template literal, a regular expression, a URL or JSX text is text, not
 * a comment: the finding beside or below it counts. The same marker in a real comment, placed
 * the same way, still suppresses. On a line the pull request adds, an own-line marker above it
 * counts only when the pull request adds that marker too; when the diff is unknown it cannot be
 * shown to, so only a marker on the line itself counts.
 */
import { describe, expect, it } from 'vitest';
import type { FakeFile, FakeGitHub } from '../doubles/fake-github';
import type { ActionRun } from '../doubles/run-action';
import { addedFile, fixtureOf, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const { servers, runAgainst } = useAction();

async function runOn(files: Array<FakeFile & { content: string }>, inputs: Record<string, string> = {}): Promise<{ result: ActionRun; github: FakeGitHub }> {
  const fixture = fixtureOf(files);
  const { simulator, github } = await servers({ fixture: structuredClone(fixture) });
  const result = await runAgainst(simulator, github, fixture, inputs);
  return { result, github };
}

/** An annotation of the check on `path:line`: the finding counted. */
function annotated(result: ActionRun, path: string, line: number): boolean {
  const file = path.replace(/[.]/g, '\\.');
  return new RegExp(`^::(?:error|warning) title=[^,]*,file=${file},line=${line}::`, 'm').test(result.stdout);
}

interface MarkerCase {
  /** The file's extension. */
  ext: string;
  /** The marker in text that is not a comment, and the line of the finding it must not suppress. */
  text: { lines: string[]; line: number };
  /** The marker in a real comment, placed alike, and the line of the finding it suppresses. */
  comment: { lines: string[]; line: number };
  inputs?: Record<string, string>;
}

const WARNINGS = { 'fail-on-severity': 'warning' };

const CASES: Record<string, MarkerCase> = {
  'a python docstring, above the line': {
    ext: 'py',
    text: { lines: ['def load(raw):', '    """Evaluate the input.', '    # review-gate-ignore: trusted input"""', '    return eval(raw)'], line: 4 },
    comment: { lines: ['def load(raw):', '    """Evaluate the input."""', '    # review-gate-ignore: trusted input', '    return eval(raw)'], line: 4 },
  },
  'a python string holding a URL, on the line': {
    ext: 'py',
    text: { lines: ['def load(raw):', '    return eval(raw) or "http://example.com/#review-gate-ignore: trusted input"'], line: 2 },
    comment: { lines: ['def load(raw):', '    return eval(raw) or "http://example.com/#top"  # review-gate-ignore: trusted input'], line: 2 },
  },
  "a python f-string's format spec, on the line": {
    ext: 'py',
    text: { lines: ['def load(raw):', '    return eval(raw) or f"{raw:#>10} review-gate-ignore: padded"'], line: 2 },
    comment: { lines: ['def load(raw):', '    return eval(raw) or f"{raw:#>10}"  # review-gate-ignore: padded'], line: 2 },
  },
  'a javascript template literal, above the line': {
    ext: 'js',
    text: { lines: ['export function load(raw) {', '  const banner = `', '// review-gate-ignore: generated fixture', '`; return eval(raw);', '}'], line: 4 },
    comment: { lines: ['export function load(raw) {', "  const banner = `a ${'`'} b`;", '  // review-gate-ignore: generated fixture', '  return eval(raw);', '}'], line: 4 },
  },
  'a javascript string holding a URL, on the line': {
    ext: 'js',
    text: { lines: ['export function load(raw) {', '  return eval(raw) || "http://example.com // review-gate-ignore: sandboxed";', '}'], line: 2 },
    comment: { lines: ['export function load(raw) {', '  return eval(raw) || "http://example.com"; // review-gate-ignore: sandboxed', '}'], line: 2 },
  },
  'a javascript regular expression, on the line': {
    ext: 'js',
    text: { lines: ['export function load(raw) {', '  return eval(raw) || /[//] review-gate-ignore: sandboxed/.test(raw);', '}'], line: 2 },
    comment: { lines: ['export function load(raw) {', '  return eval(raw) || /[//]/.test(raw); // review-gate-ignore: sandboxed', '}'], line: 2 },
  },
  'a typescript template literal with a substitution, on the line': {
    ext: 'ts',
    text: { lines: ['export function load(raw: string): unknown {', '  return eval(raw) + `${raw} // review-gate-ignore: sandboxed`;', '}'], line: 2 },
    comment: { lines: ['export function load(raw: string): unknown {', '  return eval(raw) + `${raw}`; // review-gate-ignore: sandboxed', '}'], line: 2 },
  },
  'JSX text in a tsx file, above the line': {
    ext: 'tsx',
    text: { lines: ['export function View({ raw }: { raw: string }) {', '  return <p>', '    // review-gate-ignore: shown to users', '    {eval(raw)}', '  </p>;', '}'], line: 4 },
    comment: { lines: ['export function View({ raw }: { raw: string }) {', '  return <p>', '    {/* review-gate-ignore: sandboxed */}', '    {eval(raw)}', '  </p>;', '}'], line: 4 },
  },
  'a go string holding a URL, on the line': {
    ext: 'go',
    text: { lines: ['package main', '', 'func main() { panic("see http://example.com // review-gate-ignore: demo binary") }'], line: 3 },
    comment: { lines: ['package main', '', 'func main() { panic("see http://example.com") } // review-gate-ignore: demo binary'], line: 3 },
    inputs: WARNINGS,
  },
  'a go raw string, above the line': {
    ext: 'go',
    text: { lines: ['package main', '', 'var usage = `', '// review-gate-ignore: demo binary', '`; func main() { panic("boom") }'], line: 5 },
    comment: { lines: ['package main', '', "var quote = '`'", '// review-gate-ignore: demo binary', 'func main() { panic("boom") }'], line: 5 },
    inputs: WARNINGS,
  },
  'a rust raw string, on the line': {
    ext: 'rs',
    text: { lines: ["pub fn first<'a>(x: &'a Option<u8>) -> u8 {", '    let _s = r#"say "hi" // review-gate-ignore: checked"#; x.unwrap()', '}'], line: 2 },
    comment: { lines: ["pub fn first<'a>(x: &'a Option<u8>) -> u8 {", `    let _q = '"'; x.unwrap() // review-gate-ignore: checked`, '}'], line: 2 },
    inputs: WARNINGS,
  },
};

describe('a review-gate-ignore marker outside a real comment', () => {
  it.each(Object.entries(CASES))('does not suppress in %s, while the same marker in a comment does', async (_, c) => {
    const text = `src/text.${c.ext}`;
    const comment = `src/comment.${c.ext}`;
    const { result, github } = await runOn([addedFile(text, c.text.lines), addedFile(comment, c.comment.lines)], c.inputs);

    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(annotated(result, text, c.text.line)).toBe(true);
    expect(annotated(result, comment, c.comment.line)).toBe(false);
    const summary = summaryBody(github);
    expect(summary).toContain('Suppressed or dismissed, not counted by the gate (1)');
    expect(summary).toMatch(new RegExp(`\`${comment.replace('.', '\\.')}:${c.comment.line}\` — .* — \\*\\*suppressed by \`review-gate-ignore\``));
    expect(summary).not.toMatch(new RegExp(`\`${text.replace('.', '\\.')}:${c.text.line}\` — .* — \\*\\*suppressed`));
  }, 30_000);
});

/** A file the pull request modifies: `lines` at the head, `patch` as GitHub lists it (none: the diff is unknown). */
function modifiedFile(filename: string, lines: string[], patch: string | undefined, additions: number): FakeFile & { content: string } {
  return { filename, status: 'modified', content: `${lines.join('\n')}\n`, ...(patch === undefined ? {} : { patch }), additions };
}

const HEAD_LINES = ['import sys', '# review-gate-ignore: prints only', 'eval(sys.argv[1])', 'print(sys.argv[1])'];

describe('a marker on a line the pull request adds, or above it', () => {
  it('does not count when the base had it and the pull request inserts the line under it; the summary says why', async () => {
    const patch = '@@ -1,3 +1,4 @@\n import sys\n # review-gate-ignore: prints only\n+eval(sys.argv[1])\n print(sys.argv[1])';
    const { result, github } = await runOn([modifiedFile('src/cli.py', HEAD_LINES, patch, 1)]);

    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', errors: '1' });
    expect(annotated(result, 'src/cli.py', 3)).toBe(true);
    const summary = summaryBody(github);
    expect(summary).toContain('Suppressions or dismissals that do not count (1)');
    expect(summary).toContain('review-gate-ignore on line 2 is not part of this pull request, so it does not cover line 3, which the pull request adds');
  });

  it('counts when the pull request adds the marker above the line it adds', async () => {
    const lines = ['import sys', '# review-gate-ignore: trusted CLI input', 'eval(sys.argv[1])', 'print(sys.argv[1])'];
    const patch = '@@ -1,2 +1,4 @@\n import sys\n+# review-gate-ignore: trusted CLI input\n+eval(sys.argv[1])\n print(sys.argv[1])';
    const { result, github } = await runOn([modifiedFile('src/cli.py', lines, patch, 2)]);

    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', errors: '0' });
    expect(summaryBody(github)).toContain('`src/cli.py:3` — eval() runs arbitrary code; with untrusted input this is code injection. — **suppressed by `review-gate-ignore` on line 2: trusted CLI input**');
  });

  it('counts a marker on the added line itself, whatever the base had above it', async () => {
    const lines = ['import sys', '# review-gate-ignore: prints only', 'eval(sys.argv[1])  # review-gate-ignore: trusted CLI input', 'print(sys.argv[1])'];
    const patch = '@@ -1,3 +1,4 @@\n import sys\n # review-gate-ignore: prints only\n+eval(sys.argv[1])  # review-gate-ignore: trusted CLI input\n print(sys.argv[1])';
    const { result } = await runOn([modifiedFile('src/cli.py', lines, patch, 1)]);

    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', errors: '0' });
  });

  it('does not count an own-line marker above when the diff is unknown, and says why; one on the line itself counts', async () => {
    const sameLine = ['import sys', 'eval(sys.argv[1])  # review-gate-ignore: trusted CLI input'];
    const { result, github } = await runOn([modifiedFile('src/above.py', HEAD_LINES, undefined, 1), modifiedFile('src/same.py', sameLine, undefined, 1)]);

    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', errors: '1' });
    const summary = summaryBody(github);
    expect(summary).toMatch(/`src\/above\.py:3` — .* — review-gate-ignore on line 2 is on a line of its own above line 3, and the diff of this file is unknown, so it cannot be shown to be part of this pull request and does not count/);
    expect(summary).toMatch(/`src\/same\.py:2` — .* — \*\*suppressed by `review-gate-ignore` on line 2: trusted CLI input\*\*/);
  });
});
