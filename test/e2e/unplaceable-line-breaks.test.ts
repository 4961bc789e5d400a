/**
 * End to end (issue 15 round 2b), through the action: a file holding a line break
 * git does not count (a lone CR, U+2028, …) cannot be placed: its findings count, and no marker
 * counts there.
 */
import { describe, expect, it } from 'vitest';
import { reviewAnswer, startScriptedService } from '../support/scripted-service';
import { useAction } from './harness';
import { added } from '../support/fixture-files';
import { pullRequestRuns } from './pull-request-runs';

const harness = useAction();
const { closeAfterTest } = harness;
const { runOn } = pullRequestRuns(harness);

/** The line breaks of Python's str.splitlines(), as a service written in Python may number lines. */
// eslint-disable-next-line no-control-regex -- splitting at control characters is the point
const SPLITLINES = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

describe('a line break git does not count makes the lines from there on unplaceable', () => {
  it('counts a finding a splitlines service numbers past a lone CR, although its line number is an unchanged line in git', async () => {
    // Only line 2 changes; the service counts its CRs, so the eval() on it is "line 4" to the service.
    const head = ['import sys', 'x = 1\ry = 2\rz = eval(sys.argv[1])', 'def a():', '    return 1', 'def b():', '    return 2'];
    const patch = ['@@ -1,6 +1,6 @@', ' import sys', '-x = 1', `+${head[1]}`, ' def a():', '     return 1', ' def b():', '     return 2'].join('\n');
    const service = await startScriptedService(({ code }) => {
      const lines = String(code).split(SPLITLINES);
      return reviewAnswer(lines.flatMap((l, i) => (/eval\(/.test(l) ? [{ severity: 'error', line: i + 1, message: 'eval() runs arbitrary code' }] : [])));
    });
    closeAfterTest(service);
    const run = await runOn([{ filename: 'app/m.py', status: 'modified', content: `${head.join('\n')}\n`, patch, additions: 1, deletions: 1 }], {
      inputs: { 'api-url': service.url },
    });

    expect(service.bodies).toHaveLength(1);
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', errors: '1' });
    expect(run.outputs.reasons).toContain('app/m.py');
    expect(run.outputs.reasons).toContain('a lone carriage return (CR) on line 2');
  });

  it.each([
    ['JavaScript, a comment ended by U+2028', 'web/a.js', 'export const x = 1; // review-gate-ignore: fine\u2028eval(globalThis.input);'],
    ['TypeScript, a comment ended by U+2029', 'web/a.ts', 'export const x: number = 1; // review-gate-ignore: fine\u2029eval(String(x));'],
    ['Python, a comment ended by a lone CR', 'app/a.py', 'x = 1  # review-gate-ignore: fine\reval(input())'],
  ])('%s: the marker does not excuse the eval() after the break', async (_case, path, line) => {
    const run = await runOn([added(path, `${line}\n`)]);

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', errors: '1' });
    expect(run.outputs.reasons).toContain(path);
  });
});
