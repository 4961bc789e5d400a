/**
 * End to end: the job summary is the record that stays with the run, so it holds every finding —
 * those posted as inline comments (marked so, linked to their comment), those folded into one, and
 * the rest — or, past GitHub's 1 MiB, says how many each list left out and where they all are
 * (the log of the step, and the SARIF file when `sarif-file` is set). The summary comment, which
 * sits beside the inline comments, says how many findings they hold.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../doubles/simulator';
import type { FakeGitHub } from '../doubles/fake-github';
import type { ActionRun } from '../doubles/run-action';
import { addedFile, fixtureOf, ownComments, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const harness = useAction();
const { runAgainst } = harness;

const EVAL = 'eval() runs arbitrary code; with untrusted input this is code injection.';
const lineOf = (n: number): string => `w_${n} = compute(${n})`;
const warningText = (n: number, padding: number): string => `warning number ${n} ${'x'.repeat(padding)}`.trim();

/** src/many.py: `count` lines, each answered with one warning; src/eval.py: the same eval() line three times. */
function pullWithWarnings(count: number) {
  return fixtureOf([
    addedFile('src/eval.py', ['def a(x):', '    return eval(x)', 'def b(x):', '    return eval(x)', 'def c(x):', '    return eval(x)']),
    addedFile('src/many.py', Array.from({ length: count }, (_, i) => lineOf(i + 1))),
  ]);
}

function answerWarnings(simulator: RunningSimulator, count: number, padding: number): void {
  const issues = Array.from({ length: count }, (_, i) => ({ severity: 'warning', line: i + 1, message: warningText(i + 1, padding), suggestion: '' }));
  simulator.inject({ kind: 'answer', path: '/v1/agent/review', bodyContains: lineOf(1), patch: { issues } });
}

/** The job summary's line of a finding (zero-width spaces that defuse mentions taken out). */
function listed(run: ActionRun): string {
  return run.stepSummary.replaceAll('\u200B', '');
}

async function runWith(count: number, padding: number, inputs: Record<string, string>, workspace: string): Promise<{ run: ActionRun; github: FakeGitHub }> {
  const fixture = pullWithWarnings(count);
  const { simulator, github } = await harness.servers({ fixture });
  answerWarnings(simulator, count, padding);
  const run = await runAgainst(simulator, github, fixture, { 'fail-on-severity': 'error', 'check-run': 'false', ...inputs }, { env: { GITHUB_WORKSPACE: workspace } });
  return { run, github };
}

describe('the job summary of a run with findings posted inline', () => {
  it('lists every finding: the ones posted inline linked to their comment, the folded ones, and those over max-comments', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'review-gate-workspace-'));
    try {
      const { run, github } = await runWith(300, 0, { 'max-comments': '25' }, workspace);

      expect(run.exitCode).toBe(1);
      expect(run.outputs).toMatchObject({ errors: '3', warnings: '300' });
      const comments = ownComments(github);
      // The eval() error first (its two copies folded into it), then 24 warnings.
      expect(comments).toHaveLength(25);
      const summary = listed(run);
      const [evalComment] = comments;
      expect(evalComment?.path).toBe('src/eval.py');
      for (const line of [2, 4, 6]) {
        expect(summary).toContain(`- 🛑 \`src/eval.py:${line}\` — ${EVAL} — posted as an [inline comment](${evalComment?.html_url})`);
      }
      const inlineWarnings = new Map(comments.slice(1).map((c) => [c.line, c.html_url]));
      for (let n = 1; n <= 300; n++) {
        const item = `- ⚠️ \`src/many.py:${n}\` — ${warningText(n, 0)}`;
        const url = inlineWarnings.get(n);
        if (url === undefined) expect(summary).toContain(`${item}\n`);
        else expect(summary).toContain(`${item} — posted as an [inline comment](${url})`);
      }
      expect(summary).toContain('### Findings posted inline (27)');
      expect(summary).not.toMatch(/more findings? (is|are) listed in/);

      // The summary comment counts them beside the inline comments, and sends readers to the job summary.
      expect(summaryBody(github)).toContain('**Posted inline:** 27 findings are in the inline comments on this pull request, not repeated here; the job summary of this run lists them too.');
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('past 1 MiB, counts what each list left out and names the log and the SARIF file that hold them all', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'review-gate-workspace-'));
    try {
      const count = 4_000;
      const { run } = await runWith(count, 280, { 'max-comments': '25', 'sarif-file': 'out/review.sarif' }, workspace);

      expect(run.exitCode).toBe(1);
      expect(Buffer.byteLength(run.stepSummary)).toBeLessThanOrEqual(1024 * 1024);
      const summary = listed(run);
      expect(summary).toContain('what is left out is listed in the log of this step and in the SARIF file `out/review.sarif` (sarif-file)');
      // Every inline finding still fits (a short list); the long list says how many it left out, and where.
      expect(summary).toContain('### Findings posted inline (27)');
      const shown = (summary.match(/^- ⚠️ `src\/many\.py:\d+` — warning number \d+ x+$/gm) ?? []).length;
      const leftOut = Number(/^- ([\d,]+) more findings are listed in the log of this step and in the SARIF file `out\/review\.sarif` \(sarif-file\)\.$/m.exec(summary)?.[1]?.replaceAll(',', ''));
      expect(shown).toBeGreaterThan(0);
      expect(shown + leftOut).toBe(count - 24);
      // Where it says they are, they are.
      const sarif = JSON.parse(readFileSync(join(workspace, 'out/review.sarif'), 'utf8')) as { runs: Array<{ results: unknown[] }> };
      // The warnings, and src/eval.py's three issues with the security flag on each of their lines:
      // a flag the comment folds into its issue stays its own SARIF result.
      expect(sarif.runs[0]?.results).toHaveLength(count + 6);
      expect(run.stdout).toMatch(/Every finding of this run \(\d+\): the job summary has no room for them all/);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});
