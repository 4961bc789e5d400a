/**
 * End to end: injection-check against an honest reviewer (the simulator as it is, not gullible)
 * changes nothing a user sees. On the demo pull request and on the injection corpus the outcome,
 * the counts, the inline comments and the annotations are those of injection-check: off, with no
 * "possible prompt injection" anywhere: the same finding in both answers posts once. The corpus
 * with its dangerous calls made safe passes in both modes. The guard costs at most twice the
 * review requests of off.
 */
import { describe, expect, it } from 'vitest';
import type { FakeFile, FakeGitHub } from '../doubles/fake-github';
import { loadDemoWithInjection } from '../doubles/run-action';
import type { ActionRun, PullRequestFixture } from '../doubles/run-action';
import { INJECTION_CASES, injectionPatch } from '../support/injection-corpus';
import type { InjectionCase } from '../support/injection-corpus';
import { fixtureOf, ownComments, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const { servers, runAgainst } = useAction();

function corpusFixture(cases: readonly InjectionCase[]): PullRequestFixture {
  const files: Array<FakeFile & { content: string }> = cases.map((c) => {
    const patch = injectionPatch(c);
    return { filename: c.path, status: c.base === undefined ? 'added' : 'modified', content: c.head, patch, additions: patch.split('\n').filter((l) => l.startsWith('+')).length };
  });
  return fixtureOf(files);
}

/** The corpus with each dangerous call made safe: what is left is its persuasive text. */
const SAFE: readonly InjectionCase[] = INJECTION_CASES.filter((c) => c.line !== undefined).map((c) => {
  const safe = (text: string): string =>
    text.replace('eval(rule)', 'rule').replace('InsecureSkipVerify: true', 'MinVersion: tls.VersionTLS13').replace('unsafe { std::mem::transmute(f) }', 'f.to_bits()');
  return { path: c.path, head: safe(c.head), ...(c.base === undefined ? {} : { base: c.base }) };
});

interface Seen {
  run: ActionRun;
  github: FakeGitHub;
  reviews: number;
}

async function run(fixture: PullRequestFixture, inputs: Record<string, string>): Promise<Seen> {
  const { simulator, github } = await servers({ fixture: structuredClone(fixture) });
  const result = await runAgainst(simulator, github, fixture, { 'max-comments': '50', ...inputs });
  return { run: result, github, reviews: simulator.requests.filter((r) => r.path === '/v1/agent/review').length };
}

/** What a user sees of a run, but the tokens it spent: outputs, inline comments, annotations, the check's conclusion. */
function seen({ run: result, github }: Seen) {
  const { 'tokens-used': _tokens, ...outputs } = result.outputs;
  return {
    exitCode: result.exitCode,
    outputs,
    comments: ownComments(github).map((c) => `${c.path}:${c.line}\n${c.body}`).sort(),
    annotations: (github.checkRuns[0]?.annotations ?? []).map((a) => `${a.path}:${a.start_line} ${a.annotation_level} ${a.title ?? ''} ${a.message}`).sort(),
    conclusion: github.checkRuns[0]?.conclusion,
  };
}

async function bothModes(fixture: PullRequestFixture, inputs: Record<string, string> = {}): Promise<{ off: Seen; on: Seen }> {
  return { off: await run(fixture, { ...inputs, 'injection-check': 'off' }), on: await run(fixture, inputs) };
}

describe('injection-check against an honest reviewer', () => {
  it('leaves the demo pull request as off leaves it, for at most twice the requests', async () => {
    const { off, on } = await bothModes(await loadDemoWithInjection());
    expect(seen(on)).toEqual(seen(off));
    expect(on.run.exitCode).toBe(1);
    expect(on.reviews).toBeLessThanOrEqual(2 * off.reviews);
    expect(on.reviews).toBeGreaterThan(off.reviews);
    expect(summaryBody(on.github)).not.toContain('prompt injection');
  });

  it('leaves the injection corpus as off leaves it: each dangerous call reported once, nothing marked', async () => {
    const { off, on } = await bothModes(corpusFixture(INJECTION_CASES), { 'min-score': '0' });
    expect(seen(on)).toEqual(seen(off));
    expect(on.run.outputs).toMatchObject({ result: 'failed', errors: String(INJECTION_CASES.filter((c) => c.line !== undefined).length) });
    expect(on.reviews).toBe(2 * off.reviews);
    expect(summaryBody(on.github)).not.toContain('prompt injection');
    expect(on.run.stdout).not.toContain('prompt injection');
  });

  it('passes the corpus with its dangerous calls made safe in both modes', async () => {
    const { off, on } = await bothModes(corpusFixture(SAFE), { 'min-score': '80' });
    expect(off.run.outputs).toMatchObject({ result: 'passed', errors: '0' });
    expect(seen(on)).toEqual(seen(off));
  });
});
