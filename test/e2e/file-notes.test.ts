/**
 * End to end, the action: what the service says of each reviewed file — its
 * `summary` and its `suggestions` — is shown in the summary comment and the job summary, one
 * collapsed block per file after the findings, within each surface's size limit.
 */
import { describe, expect, it } from 'vitest';
import type { PullRequestFixture } from '../doubles/run-action';
import { useAction } from './harness';

const { demo, servers, runAgainst } = useAction();

/** A pull request adding `count` small Python files that no simulator rule flags. */
function addedFiles(count: number): PullRequestFixture {
  const files = Array.from({ length: count }, (_, i) => {
    const text = [`value_${i} = ${i}`, `other_${i} = ${i + 1}`];
    return { filename: `src/m${String(i).padStart(3, '0')}.py`, status: 'added', content: `${text.join('\n')}\n`, patch: `@@ -0,0 +1,2 @@\n+${text[0]}\n+${text[1]}`, additions: 2 };
  });
  return { ...demo, files };
}

async function runWith(fixture: PullRequestFixture, patch: Record<string, unknown>, inputs: Record<string, string> = {}) {
  const { simulator, github } = await servers({ fixture });
  simulator.inject({ kind: 'answer', patch, path: '/v1/agent/review', times: fixture.files.length });
  const result = await runAgainst(simulator, github, fixture, inputs);
  return { result, summaryComment: github.issueComments[0]?.body ?? '' };
}

describe('the service\'s summary and suggestions per file', () => {
  it('shows them in the summary comment and the job summary, collapsed per file, after the findings', async () => {
    const summary = `Small constants module, ${'with values that are used once. '.repeat(3)}\n\nNothing @here to worry about <b>yet</b>.`;
    const { result, summaryComment } = await runWith(addedFiles(2), {
      summary,
      suggestions: ['Name the constants in UPPER_CASE.', 'Add a module docstring.'],
      issues: [{ severity: 'info', line: 2, message: 'Magic number.' }],
    }, { 'max-comments': '0' });

    expect(result.exitCode).toBe(0);
    for (const body of [summaryComment, result.stepSummary]) {
      expect(body).toContain('### What the service says of each file (2)');
      // The line starts the summary; the block holds it whole, and the suggestions.
      expect(body).toMatch(/^<summary><code>src\/m000\.py<\/code>: Small constants module, with values that are used once\. [^<]*…<\/summary>$/m);
      expect(body).toContain(
        `Small constants module, ${'with values that are used once. '.repeat(3).trim()}\n\nNothing @\u200bhere to worry about &lt;b>yet&lt;/b>.\n\n- Name the constants in UPPER_CASE.\n- Add a module docstring.\n\n</details>`,
      );
      expect(body.indexOf('### Findings not posted inline (2)')).toBeGreaterThan(0);
      expect(body.indexOf('### What the service says of each file')).toBeGreaterThan(body.indexOf('### Findings not posted inline'));
    }
  });

  it('keeps the comment within 65,536 characters with 300 files of long notes, the job summary listing every one', async () => {
    const { result, summaryComment } = await runWith(addedFiles(300), {
      summary: `A module of constants. ${'It could say more about itself. '.repeat(20)}`,
      suggestions: Array.from({ length: 8 }, (_, i) => `Suggestion ${i + 1}: ${'consider the naming of the values here. '.repeat(4)}`),
    });

    expect(result.exitCode).toBe(0);
    expect(summaryComment.length).toBeLessThanOrEqual(65_536);
    expect(summaryComment).toContain('### What the service says of each file (300)');
    expect(summaryComment).toMatch(/^- \d+ more files are listed in the job summary of this run\.$/m);
    expect(result.stepSummary.match(/<summary><code>src\/m\d{3}\.py<\/code>/g)).toHaveLength(300);
    expect(result.stepSummary.match(/^- Suggestion 8: /gm)).toHaveLength(300);
  }, 60_000);
});
