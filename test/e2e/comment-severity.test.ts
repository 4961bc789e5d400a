/**
 * End to end, the action: `comment-severity` sets the lowest severity posted as an
 * inline comment. Findings below it are listed in the summary comment instead; the verdict, the
 * outputs, the annotations and the check run are what they are without it.
 */
import { describe, expect, it } from 'vitest';
import { useAction } from './harness';

const { demo, servers, runAgainst } = useAction();

async function runDemo(inputs: Record<string, string>) {
  const { simulator, github } = await servers({ fixture: demo });
  const result = await runAgainst(simulator, github, demo, inputs);
  const annotations = result.stdout.split('\n').filter((l) => /^::(error|warning|notice) title=review-gate/.test(l));
  const conclusion = github.checkRuns.at(-1)?.conclusion;
  return { result, github, annotations, conclusion, summary: github.issueComments[0]?.body ?? '' };
}

const firstLine = (body: string) => body.split('\n')[0] ?? '';

describe('comment-severity', () => {
  it('with warning, moves the info findings from inline comments to the summary, with the same verdict, outputs and annotations', async () => {
    const all = await runDemo({});
    const quiet = await runDemo({ 'comment-severity': 'warning' });

    const infos = all.github.reviewComments.filter((c) => firstLine(c.body).startsWith('ℹ️'));
    expect(infos.length).toBeGreaterThan(0);
    expect(quiet.github.reviewComments.map((c) => firstLine(c.body)).filter((l) => l.startsWith('ℹ️'))).toEqual([]);
    expect(quiet.github.reviewComments).toHaveLength(all.github.reviewComments.length - infos.length);

    expect(quiet.summary).toContain(`<summary>Below comment-severity (${infos.length})</summary>`);
    for (const c of infos) expect(quiet.summary).toContain(`\`${c.path}:${c.line}\``);
    expect(quiet.summary).toContain(`${quiet.github.reviewComments.length} inline comments posted`);

    expect(quiet.result.exitCode).toBe(all.result.exitCode);
    expect(quiet.result.outputs).toEqual(all.result.outputs);
    expect(quiet.annotations).toEqual(all.annotations);
    expect(quiet.conclusion).toBe(all.conclusion);
  });

  it('with info (the default), posts every finding on an added line', async () => {
    const all = await runDemo({});
    const same = await runDemo({ 'comment-severity': 'info' });
    expect(same.github.reviewComments.map((c) => c.body)).toEqual(all.github.reviewComments.map((c) => c.body));
    expect(same.summary).not.toContain('Below comment-severity');
  });

  it('refuses a severity it does not know, quoting it', async () => {
    const { result } = await runDemo({ 'comment-severity': 'critical' });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("Invalid comment-severity 'critical'. Expected one of: error, warning, info.");
  });
});
