/**
 * End to end: the action writing to a fake GitHub that loses answers, is slow,
 * and sees pushes and a second run while a run is still posting. Asserts what the pull request
 * ends up with: one summary comment, one copy of each inline comment, nothing stale.
 */
import { describe, expect, it } from 'vitest';
import { EMPTIED_REVIEW_BODY } from '../../src/write/inline-convergence';
import { extractFingerprints, SUMMARY_MARKER } from '../../src/domain/markers';
import type { RunningSimulator } from '../doubles/simulator';
import type { FakeGitHub, ForcedAnswer } from '../doubles/fake-github';
import { runBundledAction } from '../doubles/run-action';
import type { ActionRun, RunOptions } from '../doubles/run-action';
import { useAction } from './harness';
import type { ActionRunner } from './harness';

const { demo: fixture, servers, closeAll, runAgainst } = useAction({ bundles: ['dist/index.js'] });

function run(simulator: RunningSimulator, github: FakeGitHub, inputs: Record<string, string> = {}, extra: Partial<RunOptions> & { runner?: ActionRunner } = {}): Promise<ActionRun> {
  return runAgainst(simulator, github, fixture, inputs, extra);
}

/**
 * For a run under way while another is (in this process): a process of its own, as two jobs of a
 * workflow are. In a race, one run is in this process and the other spawned: two runs at once, one
 * spawn each round.
 */
const AT_ONCE = { runner: runBundledAction };

const pullPath = () => `/repos/${fixture.owner}/${fixture.repo}/pulls/${fixture.number}`;
const issueCommentsPath = () => `/repos/${fixture.owner}/${fixture.repo}/issues/${fixture.number}/comments`;
const summaries = (github: FakeGitHub) => github.issueComments.filter((c) => c.body.startsWith(SUMMARY_MARKER));
const submitted = (github: FakeGitHub) => github.reviews.filter((r) => r.state !== 'PENDING');
/** Fingerprint → copies on the pull request. */
function copiesByFingerprint(github: FakeGitHub): Map<string, number> {
  const copies = new Map<string, number>();
  for (const fp of github.reviewComments.flatMap((c) => extractFingerprints(c.body))) copies.set(fp, (copies.get(fp) ?? 0) + 1);
  return copies;
}
/** The pull request's head after a push. */
const NEW_HEAD = 'b'.repeat(40);
/** Inputs under which the demo pull request passes: one file, warnings and infos only. */
const PASSING = { include: 'src/service.ts' };

describe('a summary comment whose creation answer is lost', () => {
  const lost: Array<[string, ForcedAnswer]> = [
    ['a 502', { status: 502, body: { message: 'Server Error' }, afterHandling: true }],
    ['a connection reset', { reset: true, afterHandling: true }],
  ];
  it.each(lost)('is created once when GitHub stores it and answers with %s', async (_, answer) => {
    const { simulator, github } = await servers();
    github.failNext({ method: 'POST', path: issueCommentsPath() }, answer);

    const result = await run(simulator, github, PASSING);

    expect(summaries(github)).toHaveLength(1);
    expect(github.requests.filter((r) => r.method === 'POST' && r.path === issueCommentsPath())).toHaveLength(1);
    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('passed');
  });
});

describe('two runs racing on one pull request', () => {
  // What happens after the first writes still depends on timing: each test repeats the race, so
  // a fix that only works sometimes fails.
  const ROUNDS = 3;

  /**
   * Holds the first write to `path` until a second one has come too: the two runs have each
   * looked before either wrote, the race at its worst, on every round and however loaded the
   * machine. A guard releases it after 15 s, should only one ever come (then no race is counted).
   */
  function holdFirstWritesUntilBoth(github: FakeGitHub, path: string): void {
    let arrived = 0;
    let release: () => void = () => undefined;
    const both = new Promise<void>((resolve) => (release = resolve));
    setTimeout(() => release(), 15_000).unref();
    github.onNext(
      { method: 'POST', path },
      async () => {
        arrived += 1;
        if (arrived === 2) release();
        await both;
      },
      2,
    );
  }

  it('leave one summary comment when both create it while GitHub is slow to write', async () => {
    let raced = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const { simulator, github } = await servers();
      holdFirstWritesUntilBoth(github, issueCommentsPath());

      const results = await Promise.all([run(simulator, github, PASSING), run(simulator, github, PASSING, AT_ONCE)]);

      expect(summaries(github), `round ${round}`).toHaveLength(1);
      expect(summaries(github)[0]?.body).toContain('## ✅ Passed');
      expect(results.map((r) => [r.exitCode, r.outputs.result])).toEqual([[0, 'passed'], [0, 'passed']]);
      if (github.requests.filter((r) => r.method === 'POST' && r.path === issueCommentsPath()).length === 2) raced++;
      await closeAll();
    }
    // The test is only worth something if the runs did race: both created a summary, every round.
    expect(raced).toBe(ROUNDS);
  }, 90_000);

  it('leave one copy of each inline comment when both post their review while GitHub is slow to write', async () => {
    let raced = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const { simulator, github } = await servers();
      holdFirstWritesUntilBoth(github, `${pullPath()}/reviews`);

      const results = await Promise.all([run(simulator, github, {}), run(simulator, github, {}, AT_ONCE)]);

      const copies = copiesByFingerprint(github);
      expect(copies.size, `round ${round}`).toBeGreaterThanOrEqual(8);
      expect([...copies.values()].filter((n) => n !== 1), `round ${round}`).toEqual([]);
      expect(summaries(github), `round ${round}`).toHaveLength(1);
      expect(github.reviews.filter((r) => r.state === 'PENDING')).toEqual([]);
      // Both fail on the demo's errors, not on posting.
      for (const result of results) {
        expect(result.exitCode).toBe(1);
        expect(result.outputs.reasons).not.toMatch(/could not be posted/);
      }
      // A review left without comments says why, instead of pointing at findings "below".
      const withComments = new Set(github.reviewComments.map((c) => c.pull_request_review_id));
      const emptied = submitted(github).filter((r) => !withComments.has(r.id));
      expect(emptied.map((r) => r.body)).toEqual(emptied.map(() => EMPTIED_REVIEW_BODY));
      if (emptied.length > 0) raced++;
      await closeAll();
    }
    expect(raced).toBeGreaterThan(0);
  }, 90_000);
});

describe('a run whose commit is no longer the head', () => {
  it('posts no review and leaves the newer run’s summary alone when the push came after it listed its files, before it posted', async () => {
    const { simulator, github } = await servers();
    let newer: ActionRun | undefined;
    // The older run has listed its commit's files and reviews them (it reads the replies to its
    // comments meanwhile): a push lands, and the run on the new head, which fails (min-score),
    // does all its work.
    github.onNext({ method: 'GET', path: /\/pulls\/\d+\/comments$/ }, async () => {
      github.movePullHead(fixture.number, NEW_HEAD);
      newer = await run(simulator, github, { ...PASSING, 'min-score': '95' }, { fixture: { ...fixture, headSha: NEW_HEAD }, ...AT_ONCE });
    });

    // The older, slower run: its commit passes, but it is no longer the head when it posts.
    const older = await run(simulator, github, PASSING);

    expect(newer?.exitCode).toBe(1);
    expect(summaries(github)).toHaveLength(1);
    expect(summaries(github)[0]?.body).toContain('## ❌ Failed');
    expect(submitted(github).every((r) => r.commit_id === NEW_HEAD)).toBe(true);
    // Its verdict is still its commit's, and it says why nothing was posted.
    expect(older.exitCode).toBe(0);
    expect(older.outputs.result).toBe('passed');
    expect(older.stdout).toMatch(/^::notice::Superseded: the pull request's head moved from 4f1c2a9e8d7b to bbbbbbbbbbbb/m);
    expect(older.stepSummary).toContain('## ✅ Passed');
    expect(older.stepSummary).toContain('Superseded');
  });

  it('reviews the head GitHub has when the push came before the run started, and writes nothing on the commit the event named', async () => {
    const { simulator, github } = await servers();
    github.movePullHead(fixture.number, NEW_HEAD);

    const older = await run(simulator, github, PASSING);

    expect(older.stdout).toContain(`head: 4f1c2a9e8d7b → ${NEW_HEAD.slice(0, 12)}`);
    expect(older.exitCode).toBe(0);
    expect(github.checkRuns.map((c) => [c.head_sha, c.status, c.conclusion])).toEqual([[NEW_HEAD, 'completed', 'success']]);
    expect(submitted(github).every((r) => r.commit_id === NEW_HEAD)).toBe(true);
  });

  it('checks the head again before the summary: a push while the review is posted leaves the summary to the newer run', async () => {
    const { simulator, github } = await servers();
    github.onNext({ method: 'POST', path: `${pullPath()}/reviews` }, () => github.movePullHead(fixture.number, NEW_HEAD));

    const result = await run(simulator, github);

    expect(submitted(github)).toHaveLength(1);
    expect(summaries(github)).toEqual([]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^::notice::Superseded: .* after its review was posted, so the summary comment was left to the newer run/m);
  });

  it('leaves the newer run\'s summary alone when that run finished between this run\'s last head check and its write', async () => {
    const { simulator, github } = await servers();
    let newer: ActionRun | undefined;
    // This run has read the head (still its commit) and lists the comments to write its summary:
    // meanwhile a push lands and the run on the new head does all its work, summary included.
    github.onNext({ method: 'GET', path: issueCommentsPath() }, async () => {
      github.movePullHead(fixture.number, NEW_HEAD);
      newer = await run(simulator, github, { ...PASSING, 'min-score': '95' }, { fixture: { ...fixture, headSha: NEW_HEAD }, ...AT_ONCE });
    });

    const older = await run(simulator, github, PASSING);

    expect(newer?.exitCode).toBe(1);
    expect(summaries(github)).toHaveLength(1);
    expect(summaries(github)[0]?.body).toContain('## ❌ Failed');
    expect(summaries(github)[0]?.body).toContain('reviewed at `bbbbbbbbbbbb`');
    expect(older.exitCode).toBe(0);
    expect(older.stdout).toContain('::notice::Superseded');
  });

  it('replaces its summary with a note naming both commits when the push lands while the summary is written', async () => {
    const { simulator, github } = await servers();
    github.onNext({ method: 'POST', path: issueCommentsPath() }, () => github.movePullHead(fixture.number, NEW_HEAD));

    const result = await run(simulator, github, PASSING);

    expect(summaries(github)).toHaveLength(1);
    const body = summaries(github)[0]?.body ?? '';
    expect(body).not.toContain('✅ Passed');
    expect(body).toContain('Superseded');
    expect(body).toContain('`4f1c2a9e8d7b` to `bbbbbbbbbbbb`');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('::notice::Superseded');
  });
});

describe('a pr-number GitHub does not know', () => {
  it('names the pull request, the repository and the likely causes', async () => {
    const { simulator, github } = await servers();

    const result = await run(simulator, github, { 'pr-number': '999' }, { eventName: 'workflow_dispatch', event: {} });

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('::error::Pull request #999 was not found in acme/shop (GitHub answered 404).');
    expect(result.stdout).toMatch(/Check that pr-number \(999\) is a pull request of acme\/shop, and that the token can read it/);
    expect(result.stdout).not.toMatch(/HttpError|could not complete/);
    expect(result.outputs.result).toBe('failed');
    expect(simulator.requests).toEqual([]);
  });
});
