/**
 * End to end: suppression in code. `review-gate-ignore: <reason>` in a comment suppresses the
 * findings on its line, or, on a line of its own, on the next line; the summary lists each with
 * the reason and the line. Without a reason it does not count, and the summary says so.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../doubles/simulator';
import type { FakeFile } from '../doubles/fake-github';
import { GITHUB_TOKEN } from '../doubles/run-action';
import type { ActionRun } from '../doubles/run-action';
import type { FakeGitHub } from '../doubles/fake-github';
import { addedFile, fixtureOf, ownComments, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const { servers, run: runAction } = useAction();

async function runOn(files: Array<FakeFile & { content: string }>, inputs: Record<string, string> = {}): Promise<{ result: ActionRun; github: FakeGitHub }> {
  const fixture = fixtureOf(files);
  const { simulator, github } = await servers({ fixture: structuredClone(fixture) });
  const result = await runAction({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, ...inputs },
    githubApiUrl: github.url,
    fixture,
  });
  return { result, github };
}

describe('review-gate-ignore', () => {
  it('suppresses a finding on its own line and on the line after a comment of its own, and lists both with reason and line', async () => {
    const { result, github } = await runOn([
      addedFile('src/load.py', ['def load(raw):', '    return eval(raw)  # review-gate-ignore: generated fixture']),
      addedFile('src/load.ts', ['export function load(raw: string): unknown {', '  // review-gate-ignore: generated fixture', '  return eval(raw);', '}']),
    ]);

    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', errors: '0' });
    const summary = summaryBody(github);
    expect(summary).toContain('Suppressed or dismissed, not counted by the gate (2)');
    expect(summary).toContain('`src/load.py:2` — eval() runs arbitrary code; with untrusted input this is code injection. — **suppressed by `review-gate-ignore` on line 2: generated fixture**');
    expect(summary).toContain('`src/load.ts:3` — eval() runs arbitrary code; with untrusted input this is code injection. — **suppressed by `review-gate-ignore` on line 2: generated fixture**');
    expect(result.stepSummary).toContain('suppressed by `review-gate-ignore` on line 2: generated fixture');
    // Suppressed: no inline comment, no annotation.
    expect(ownComments(github)).toEqual([]);
    expect(result.stdout).not.toMatch(/^::error file=/m);
  });

  it('suppresses in the comment syntax of every language: go and rust line and block comments', async () => {
    const { result, github } = await runOn([
      addedFile('cmd/main.go', ['package main', '', 'func main() {', '\tpanic("boom") /* review-gate-ignore: demo binary */', '}']),
      addedFile('src/lib.rs', ['pub fn first(v: Vec<u8>) -> u8 {', '    // review-gate-ignore: the caller checks emptiness', '    *v.first().unwrap()', '}']),
    ], { 'fail-on-severity': 'warning' });

    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', warnings: '0' });
    const summary = summaryBody(github);
    expect(summary).toContain('`cmd/main.go:4`');
    expect(summary).toContain('on line 4: demo binary');
    expect(summary).toContain('`src/lib.rs:3`');
    expect(summary).toContain('on line 2: the caller checks emptiness');
  }, 30_000);

  it('does not count without a reason, and the summary says so', async () => {
    const { result, github } = await runOn([addedFile('src/load.py', ['def load(raw):', '    return eval(raw)  # review-gate-ignore'])]);

    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', errors: '1' });
    const summary = summaryBody(github);
    expect(summary).toContain('Suppressions or dismissals that do not count (1)');
    expect(summary).toContain('review-gate-ignore on line 2 gives no reason (write "review-gate-ignore: &lt;reason>"), so it does not count');
    expect(ownComments(github)).toHaveLength(1);
  });
});
