/**
 * End to end: a pull request whose files talk their reviewer into green, against the gullible
 * simulator (it obeys text that speaks to the reviewer: no issues, score 100). In all five
 * languages and every carrier (comments, docstrings and doc comments, strings, template literals,
 * raw strings, a line the base already held), the action passes every file with
 * injection-check off, and fails each with it on: the review of the file with its comments and
 * strings blanked reports the dangerous call, and a min-score gate catches the file swayed only
 * in its score. Twice the requests of off, exactly: every file here holds text.
 */
import { describe, expect, it } from 'vitest';
import type { FakeFile } from '../doubles/fake-github';
import { INJECTION_CASES, INJECTION_MIN_SCORE, injectionPatch } from '../support/injection-corpus';
import { fixtureOf, ownComments, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const { servers, runAgainst } = useAction();

const files: Array<FakeFile & { content: string }> = INJECTION_CASES.map((c) => {
  const patch = injectionPatch(c);
  const additions = patch.split('\n').filter((l) => l.startsWith('+')).length;
  return { filename: c.path, status: c.base === undefined ? 'added' : 'modified', content: c.head, patch, additions };
});


async function run(inputs: Record<string, string>) {
  const fixture = fixtureOf(files);
  const { simulator, github } = await servers({ fixture: structuredClone(fixture), simulator: { gullible: true } });
  const result = await runAgainst(simulator, github, fixture, { 'min-score': INJECTION_MIN_SCORE, 'max-comments': '50', ...inputs });
  return { result, github, reviews: simulator.requests.filter((r) => r.path === '/v1/agent/review').length };
}

describe('injection-check against a reviewer the pull request can talk into green', () => {
  it('passes every swayed file with injection-check off', async () => {
    const { result, reviews } = await run({ 'injection-check': 'off' });
    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', errors: '0', score: '100' });
    expect(reviews).toBe(INJECTION_CASES.length);
  });

  it('fails each language and carrier with it on, the score-only file by min-score, each marked "possible prompt injection"', async () => {
    const { result, github, reviews } = await run({});
    const dangerous = INJECTION_CASES.filter((c) => c.line !== undefined);

    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', errors: String(dangerous.length) });
    expect(reviews).toBe(2 * INJECTION_CASES.length);
    const check = github.checkRuns[0];
    expect(check?.conclusion).toBe('failure');
    expect(check?.annotations.map((a) => `${a.path}:${a.start_line}`).sort()).toEqual(dangerous.map((c) => `${c.path}:${c.line}`).sort());
    expect(new Set(check?.annotations.map((a) => a.title))).toEqual(new Set(['review-gate: Error, possible prompt injection']));
    expect(result.stdout).toMatch(/^::error title=review-gate%3A Error%2C possible prompt injection,file=/m);

    const summary = summaryBody(github);
    expect(summary).toContain(`### ⚠️ Possible prompt injection (${INJECTION_CASES.length})`);
    expect(summary).toContain(
      "quality score of ts/score.ts with its comments and strings blanked is 65, more than 10 points below min-score 80, while its own review scored 100: the file's text changed the review (possible prompt injection)",
    );
    const comments = ownComments(github);
    expect(comments.map((c) => `${c.path}:${c.line}`).sort()).toEqual(dangerous.map((c) => `${c.path}:${c.line}`).sort());
    for (const comment of comments) expect(comment.body).toContain('⚠️ **Possible prompt injection.** Only the review of this file with its comments and strings blanked reports this');
  });
});
