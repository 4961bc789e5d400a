/**
 * End to end, the action with `score-baseline: base`: a modified file fails
 * min-score only when its head score is below min-score and below its base version's score; the
 * base version costs one more review request, made only for a file below min-score, with the
 * content GitHub serves at the base commit. The service's scores come from the simulator's
 * `answer` fault, matched on each version's content.
 */
import { describe, expect, it } from 'vitest';
import { SUMMARY_MARKER } from '../../src/domain/markers';
import { DEMO_KEY } from '../doubles/simulator';
import { GITHUB_TOKEN, fakePullOf } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { useAction } from './harness';

const { demo, servers, run: runAction } = useAction();

/** A file of a few lines whose first line names it and its version, so a fault can tell them apart. */
const version = (marker: string): string => `${marker} = 1\ntotal = 2\ncount = 3\n`;
/** The head version changes line 1 of the base version (the marker): one line added, one removed. */
const patchOf = (base: string, head: string): string => `@@ -1,3 +1,3 @@\n-${base} = 1\n+${head} = 1\n total = 2\n count = 3`;

interface Legacy {
  path: string;
  previousPath?: string;
  baseScore: number;
  headScore: number;
}

async function runWith(legacy: Legacy[], added: Array<{ path: string; score: number }>, inputs: Record<string, string>) {
  const marker = (path: string, side: string) => `${path.replace(/\W/g, '_')}_${side}`;
  const files = [
    ...legacy.map((f) => ({
      filename: f.path,
      status: f.previousPath === undefined ? 'modified' : 'renamed',
      ...(f.previousPath === undefined ? {} : { previous_filename: f.previousPath }),
      content: version(marker(f.path, 'head')),
      patch: patchOf(marker(f.path, 'base'), marker(f.path, 'head')),
      additions: 1,
      deletions: 1,
    })),
    ...added.map((f) => ({ filename: f.path, status: 'added', content: version(marker(f.path, 'head')), patch: `@@ -0,0 +1,3 @@\n+${marker(f.path, 'head')} = 1\n+total = 2\n+count = 3`, additions: 3 })),
  ];
  const fixture: PullRequestFixture = { ...demo, files };
  const baseFiles = Object.fromEntries(legacy.map((f) => [f.previousPath ?? f.path, version(marker(f.path, 'base'))]));
  const { simulator, github } = await servers({ fixture, github: { pulls: [{ ...fakePullOf(fixture), baseFiles }] } });
  const score = (side: string, path: string, quality_score: number) =>
    simulator.inject({ kind: 'answer', patch: { quality_score }, path: '/v1/agent/review', bodyContains: marker(path, side) });
  for (const f of legacy) {
    score('head', f.path, f.headScore);
    score('base', f.path, f.baseScore);
  }
  for (const f of added) score('head', f.path, f.score);

  const result = await runAction({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, ...inputs },
    githubApiUrl: github.url,
    fixture,
  });
  const reviewed = simulator.requests.filter((r) => r.path === '/v1/agent/review');
  const summaryComment = github.issueComments.find((c) => c.body.startsWith(SUMMARY_MARKER))?.body ?? '';
  return { result, github, reviewed, summaryComment };
}

describe('score-baseline: base', () => {
  it('passes a legacy file that went from 40 to 45 and fails one that went from 70 to 55 under min-score 60', async () => {
    const { result, github, reviewed, summaryComment } = await runWith(
      [
        { path: 'legacy/billing.py', baseScore: 40, headScore: 45 },
        { path: 'legacy/orders.py', previousPath: 'old/orders.py', baseScore: 70, headScore: 55 },
      ],
      [],
      { 'min-score': '60', 'score-baseline': 'base' },
    );

    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs.reasons).toBe(
      "quality score 55 of legacy/orders.py is below min-score 60 and below its base version's 70 (70 → 55, score-baseline: base)",
    );
    expect(result.stdout).toMatch(
      /^::notice::quality score 45 of legacy\/billing\.py is below min-score 60 but not below its base version's 40 \(40 → 45\), so it passes \(score-baseline: base\)$/m,
    );
    // Two head reviews, then one per base version, read at the base commit by its old path.
    expect(reviewed.map((r) => [r.status, r.fault])).toEqual(Array(4).fill([200, 'answer']));
    // Asked for by `<base commit>:<old path>` in the batches of contents.
    const asked = github.requests.filter((r) => r.path === '/graphql').flatMap((r) => Object.values((r.body as { variables?: Record<string, unknown> }).variables ?? {}));
    expect(asked).toEqual(expect.arrayContaining([`${demo.baseSha}:legacy/billing.py`, `${demo.baseSha}:old/orders.py`]));
    // No base version one by one through REST; the one read of contents is the policy file's.
    expect(github.requests.filter((r) => r.path.includes('/contents/')).map((r) => decodeURIComponent(r.path))).toEqual([`/repos/${demo.owner}/${demo.repo}/contents/.github/review-gate.yml`]);
    for (const text of [result.stepSummary, summaryComment, github.checkRuns[0]?.output.summary ?? '']) {
      expect(text).toContain('| `legacy/billing.py` | ✅ reviewed | 40 → 45 |');
      expect(text).toContain('| `old/orders.py` → `legacy/orders.py` | ❌ fails (score) | 70 → 55 |');
    }
    expect(github.checkRuns[0]?.conclusion).toBe('failure');
  });

  it('judges a new file on its own score and asks no base score of a file at or above min-score', async () => {
    const { result, reviewed } = await runWith(
      [{ path: 'legacy/fine.py', baseScore: 90, headScore: 75 }],
      [{ path: 'src/fresh.py', score: 45 }],
      { 'min-score': '60', 'score-baseline': 'base' },
    );
    expect(result.exitCode).toBe(1);
    expect(result.outputs.reasons).toBe('quality score 45 of src/fresh.py is below min-score 60');
    expect(reviewed).toHaveLength(2);
  });

  it('changes nothing by default: a legacy file below min-score fails on its own score, with no base review', async () => {
    const { result, reviewed, github } = await runWith([{ path: 'legacy/billing.py', baseScore: 40, headScore: 45 }], [], { 'min-score': '60' });
    expect(result.outputs.reasons).toBe('quality score 45 of legacy/billing.py is below min-score 60');
    expect(reviewed).toHaveLength(1);
    // No base version is read; the one read at the base commit is the policy file's.
    expect(github.requests.filter((r) => r.path.includes('/contents/') && !r.path.includes('review-gate.yml'))).toEqual([]);
    expect(result.stepSummary).toContain('| `legacy/billing.py` | ❌ fails (score) | 45 |');
  });
});
