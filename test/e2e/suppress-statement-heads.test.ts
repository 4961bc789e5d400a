/**
 * End to end: after a statement head (`for (…)`, `for await (…)`, `if (…)`, `while (…)`) a `/`
 * opens a regular expression, so a `//` inside it is text, and a `review-gate-ignore` marker
 * after it is no comment. Node runs the `eval` beside it; the finding counts. The head's
 * keyword may be followed by `await` (`for await`) without the lexer forgetting it is a head.
 * The same marker in a real comment after the same code still suppresses.
 */
import { describe, expect, it } from 'vitest';
import type { ActionRun } from '../doubles/run-action';
import { addedFile, fixtureOf, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const { servers, runAgainst } = useAction();

/** An annotation of the check on `path:line`: the finding counted. */
function annotated(result: ActionRun, path: string, line: number): boolean {
  return result.stdout.split('\n').some((l) => /^::(?:error|warning) /.test(l) && l.includes(`,file=${path},line=${line}::`));
}

const LOOP = (body: string): string[] => ['export async function run(xs) {', `  ${body}`, '}'];

describe('a marker inside a regular expression after a statement head', () => {
  it('does not suppress the eval beside it after for await (…), in javascript and typescript; in a real comment it does', async () => {
    const files = [
      addedFile('src/await.js', LOOP('for await (const x of xs) /[//]/.test("review-gate-ignore: sandboxed") || eval(x);')),
      addedFile('src/await.ts', LOOP('for await (const x of xs) /[//]/.test("review-gate-ignore: sandboxed") || eval(x);')),
      addedFile('src/plain.js', LOOP('for (const x of xs) /[//]/.test("review-gate-ignore: sandboxed") || eval(x);')),
      addedFile('src/comment.js', LOOP('for await (const x of xs) /[//]/.test(x) || eval(x); // review-gate-ignore: sandboxed')),
    ];
    const fixture = fixtureOf(files);
    const { simulator, github } = await servers({ fixture: structuredClone(fixture) });
    const result = await runAgainst(simulator, github, fixture);

    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', errors: '3' });
    expect(annotated(result, 'src/await.js', 2)).toBe(true);
    expect(annotated(result, 'src/await.ts', 2)).toBe(true);
    expect(annotated(result, 'src/plain.js', 2)).toBe(true);
    expect(annotated(result, 'src/comment.js', 2)).toBe(false);
    const summary = summaryBody(github);
    expect(summary).toContain('Suppressed or dismissed, not counted by the gate (1)');
    expect(summary).toMatch(/`src\/comment\.js:2` — .* — \*\*suppressed by `review-gate-ignore` on line 2: sandboxed\*\*/);
  });
});
