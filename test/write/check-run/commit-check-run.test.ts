import { afterEach, describe, expect, it } from 'vitest';
import { createWriteGate } from '../../../src/github/write-gate';
import { CHECK_RUN_EXTERNAL_ID } from '../../../src/write/check-run/upsert';
import type { CheckRunContent } from '../../../src/write/check-run/upsert';
import { writeCommitCheckRun } from '../../../src/write/check-run/commit-check-run';
import { publishCheckRun } from '../../../src/write/check-run/write';
import { readVerdictRecord, verdictRecord } from '../../../src/write/check-run/verdict-records';
import type { PullVerdict, VerdictFacts } from '../../../src/write/check-run/verdict-records';
import type { FakeGitHub, FakePull } from '../../doubles/fake-github';
import { createVirtualClock } from '../../support/virtual-clock';
import { HEAD, startFake } from '../../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const repository = { owner: 'acme', repo: 'widgets' };
/** #7 into main and #8 into legacy, both with head HEAD. */
const pulls = (): FakePull[] => [
  { number: 7, headSha: HEAD, baseRef: 'main', files: [] },
  { number: 8, headSha: HEAD, baseRef: 'legacy', files: [] },
];
const passed = (): CheckRunContent => ({ name: 'review-gate', headSha: HEAD, conclusion: 'success', title: 'Passed', summary: '## ✅ Passed', annotations: [] });
const failed = (): CheckRunContent => ({
  name: 'review-gate', headSha: HEAD, conclusion: 'failure', title: 'Failed: 1 error finding on added lines (fail-on-severity: error)', summary: '## ❌ Failed', annotations: [],
});
const FOREIGN_APP = { id: 99, slug: 'mallory-bot' };
const BASES: Record<number, string> = { 7: 'main', 8: 'legacy' };
/** A record as another run (or app) wrote it. */
const record = (verdict: Pick<PullVerdict, 'pr' | 'conclusion' | 'title' | 'at'> & Partial<PullVerdict>): PullVerdict => ({
  reviewed: true, base: BASES[verdict.pr], read: verdict.at, pending: false, ...verdict,
});

async function setup() {
  const started = await startFake(pulls());
  fake = started.fake;
  const context = { octokit: started.octokit, gate: createWriteGate(createVirtualClock()), log: started.log };
  let time = 1_000;
  /** A run of `pr` that read GitHub now, against the base GitHub has, and reviewed (unless `facts` says otherwise). */
  const write = (content: CheckRunContent, pr: number, facts: Partial<VerdictFacts> = {}) =>
    writeCommitCheckRun(context, repository, content, { pr, reviewed: true, base: BASES[pr], read: time, ...facts }, { now: () => (time += 1_000) });
  return { ...started, fake: started.fake, context, write };
}

const newest = (f: FakeGitHub) => f.checkRuns.reduce((a, c) => (c.id > a.id ? c : a));
const pullReads = (f: FakeGitHub) => f.requests.filter((r) => /\/pulls\/\d+$/.test(r.path)).map((r) => r.path.split('/').at(-1));
const checkRequests = (f: FakeGitHub) => f.requests.filter((r) => r.path.includes('check-runs')).map((r) => r.method);

describe('writeCommitCheckRun', () => {
  it('writes a lone pull request’s verdict with its record, reading no pull request', async () => {
    const { fake, write } = await setup();

    const written = await write(passed(), 8);

    expect(written).toMatchObject({ kind: 'written', created: true, conclusion: 'success', heldBy: [] });
    expect(fake.checkRuns).toHaveLength(1);
    expect(readVerdictRecord(fake.checkRuns[0]?.output.summary)).toMatchObject({ pr: 8, conclusion: 'success', title: 'Passed' });
    // The list the upsert needs, the creation, and the read-back.
    expect(checkRequests(fake)).toEqual(['GET', 'POST', 'GET']);
    expect(pullReads(fake)).toEqual([]);
  });

  it('does not pass a commit another open pull request fails at, whichever ran first', async () => {
    const { fake, write } = await setup();
    await write(failed(), 7);
    const second = await write(passed(), 8);

    expect(second).toMatchObject({ conclusion: 'failure', heldBy: [{ pr: 7, conclusion: 'failure' }] });
    expect(newest(fake)).toMatchObject({ conclusion: 'failure', output: { title: 'Failed: #7 fails at this commit: 1 error finding on added lines (fail-on-severity: error)' } });
    // #7's check run is left as #7's run wrote it; #8's is a new one, its own record in it.
    expect(fake.checkRuns).toHaveLength(2);
    expect(fake.checkRuns.map((r) => readVerdictRecord(r.output.summary)?.pr)).toEqual([7, 8]);
    expect(pullReads(fake)).toEqual(['7']);

    // And #7 after #8: its own failure, naming it, since #8 is there too.
    await write(failed(), 7);
    expect(newest(fake)).toMatchObject({ conclusion: 'failure', output: { title: 'Failed: #7 fails at this commit: 1 error finding on added lines (fail-on-severity: error)' } });
  });

  it('updates its own pull request’s check run on a re-run, and passes once the other pull request passes too', async () => {
    const { fake, write } = await setup();
    await write(failed(), 7);
    await write(passed(), 8);
    await write(passed(), 7);

    expect(newest(fake)).toMatchObject({ conclusion: 'success', output: { title: 'Passed: #7 and #8 pass at this commit' } });
    await write(passed(), 8);
    expect(newest(fake).conclusion).toBe('success');
    // Each run whose pull request did not write the newest check run writes a new one: none edits another's.
    expect(fake.checkRuns.map((r) => readVerdictRecord(r.output.summary)?.pr)).toEqual([7, 8, 7, 8]);
    await write(passed(), 8);
    expect(fake.checkRuns).toHaveLength(4);
  });

  it.each([
    ['closed', (f: FakeGitHub) => f.setPullState(7, 'closed')],
    ['pushed to since', (f: FakeGitHub) => f.movePullHead(7, 'c'.repeat(40))],
  ])('drops the verdict of a pull request that is %s', async (_, change) => {
    const { fake, write, log } = await setup();
    await write(failed(), 7);
    change(fake);

    const written = await write(passed(), 8);

    expect(written).toMatchObject({ conclusion: 'success', heldBy: [] });
    expect(newest(fake).conclusion).toBe('success');
    expect(log.lines.some((l) => /The verdict of #7 recorded on aaaaaaaaaaaa no longer counts: (it is closed|its head moved to cccccccccccc)/.test(l.message))).toBe(true);
  });

  it('keeps a stricter verdict when GitHub cannot say whether its pull request is still there (fail closed)', async () => {
    const { fake, write } = await setup();
    await write(failed(), 7);
    fake.failNext({ method: 'GET', path: '/repos/acme/widgets/pulls/7' }, { status: 500 }, 20);

    expect(await write(passed(), 8)).toMatchObject({ conclusion: 'failure' });
  });

  it('counts records only from the app the token writes as: another app’s can neither loosen nor tighten the check', async () => {
    const { fake, write } = await setup();
    await write(failed(), 7);
    const forged = (verdict: PullVerdict) =>
      fake.addCheckRun({ name: 'review-gate', head_sha: HEAD, conclusion: verdict.conclusion, app: FOREIGN_APP, external_id: CHECK_RUN_EXTERNAL_ID, summary: verdictRecord(verdict) });
    // A newer "#7 passes", and a failure of #8 (whose own run passes), both from another app.
    forged(record({ pr: 7, conclusion: 'success', title: 'Passed', at: Number.MAX_SAFE_INTEGER }));
    forged(record({ pr: 9, conclusion: 'failure', title: 'Failed: forged', at: Number.MAX_SAFE_INTEGER }));

    const written = await write(passed(), 8);

    expect(written).toMatchObject({ conclusion: 'failure', heldBy: [{ pr: 7 }] });
    const own = fake.checkRuns.filter((r) => r.app.id !== FOREIGN_APP.id);
    expect(own.reduce((a, c) => (c.id > a.id ? c : a))).toMatchObject({ conclusion: 'failure', output: { title: expect.stringMatching(/^Failed: #7 fails/) } });
  });

  it('converges when another pull request’s run writes between this run’s listing and its write', async () => {
    const { fake, write, octokit } = await setup();
    // Just before #8's creation lands, #7's run (same app) creates its failing check run.
    fake.onNext({ method: 'POST', path: '/repos/acme/widgets/check-runs' }, async () => {
      await octokit.rest.checks.create({
        ...repository, name: 'review-gate', head_sha: HEAD, status: 'completed', conclusion: 'failure', external_id: CHECK_RUN_EXTERNAL_ID,
        output: { title: 'Failed: x', summary: `## ❌ Failed\n\n${verdictRecord(record({ pr: 7, conclusion: 'failure', title: 'Failed: x', at: 1 }))}` },
      });
    });

    const written = await write(passed(), 8);

    expect(written).toMatchObject({ conclusion: 'failure', heldBy: [{ pr: 7 }] });
    expect(newest(fake)).toMatchObject({ conclusion: 'failure', output: { title: 'Failed: #7 fails at this commit: x' } });
    expect(readVerdictRecord(newest(fake).output.summary)?.pr).toBe(8);
  });
});

describe('writeCommitCheckRun and what a verdict rests on', () => {
  const skipped = (): CheckRunContent => ({ ...passed(), conclusion: 'neutral', title: 'Skipped: draft pull request (skip-drafts: true)', summary: 'Skipped.' });

  it('keeps this pull request’s reviewed failure over a later run that reviewed nothing, and says so', async () => {
    const { fake, write } = await setup();
    await write(failed(), 7);

    const written = await write(skipped(), 7, { reviewed: false });

    expect(written).toMatchObject({ conclusion: 'failure', earlier: { standing: { conclusion: 'failure', reviewed: true }, verdict: { conclusion: 'neutral' } } });
    expect(newest(fake)).toMatchObject({ conclusion: 'failure', output: { title: failed().title } });
    expect(readVerdictRecord(newest(fake).output.summary)).toMatchObject({ pr: 7, conclusion: 'neutral', reviewed: false });
  });

  it('keeps it over a later success of a run that read GitHub before the failing run did, not over one that read after', async () => {
    const { fake, write } = await setup();
    await write(failed(), 7, { read: 5_000 });
    expect(await write(passed(), 7, { read: 4_000 })).toMatchObject({ conclusion: 'failure' });
    expect(await write(passed(), 7, { read: 5_000 })).toMatchObject({ conclusion: 'success' });
    expect(newest(fake).conclusion).toBe('success');
  });

  it('does not pass on another pull request’s success judged against a base it has since left', async () => {
    const { fake, write } = await setup();
    await write(passed(), 8, { base: 'release' });

    const written = await write(passed(), 7);

    expect(written).toMatchObject({ conclusion: 'failure', heldBy: [{ pr: 8, conclusion: 'failure' }] });
    expect(newest(fake).output.title).toBe('Failed: #8 is not judged yet at this commit: Not judged against its current base legacy: its verdict at this commit (Passed) was against release');
  });

  it('completes the check run this run started, creating none, and takes a started one of a pull request it judges next for no racing run', async () => {
    const { fake, context, octokit } = await setup();
    const start = async (pr: number) =>
      (await octokit.rest.checks.create({
        ...repository, name: 'review-gate', head_sha: HEAD, status: 'in_progress', external_id: CHECK_RUN_EXTERNAL_ID,
        output: { title: 'In progress', summary: verdictRecord(record({ pr, conclusion: 'failure', title: 'Review in progress', at: 500, pending: true })) },
      })).data;
    const [seven, eight] = [await start(7), await start(8)];
    const facts = (pr: number) => ({ pr, reviewed: true, base: BASES[pr], read: 400 });

    await writeCommitCheckRun(context, repository, failed(), facts(7), { started: { id: seven.id, url: undefined, appId: seven.app?.id }, judgedNext: new Set([8]) });
    await writeCommitCheckRun(context, repository, passed(), facts(8), { started: { id: eight.id, url: undefined, appId: eight.app?.id } });

    expect(fake.checkRuns.map((r) => [r.id, r.status, r.conclusion])).toEqual([[seven.id, 'completed', 'failure'], [eight.id, 'completed', 'failure']]);
    expect(newest(fake).output.title).toBe('Failed: #7 fails at this commit: 1 error finding on added lines (fail-on-severity: error)');
  });
});

describe('publishCheckRun for a merge group', () => {
  const group = { kind: 'merge-group' as const, owner: 'acme', repo: 'widgets', baseSha: 'b'.repeat(40), headSha: HEAD, headRef: '', pulls: [7] };

  it('writes the group’s own check run without a verdict record, reading no pull request, and a re-run updates it', async () => {
    const { fake, context, log } = await setup();

    const facts = { facts: { reviewed: true, base: undefined, read: 0 } };
    const first = await publishCheckRun(context, group, failed(), { ...log, group: (_name, run) => run() }, facts);
    const again = await publishCheckRun(context, group, passed(), { ...log, group: (_name, run) => run() }, facts);

    expect(first).toMatchObject({ kind: 'written', created: true });
    expect(again).toMatchObject({ kind: 'written', created: false });
    expect(fake.checkRuns).toHaveLength(1);
    expect(fake.checkRuns[0]).toMatchObject({ head_sha: HEAD, conclusion: 'success' });
    expect(readVerdictRecord(fake.checkRuns[0]?.output.summary)).toBeUndefined();
    expect(pullReads(fake)).toEqual([]);
  });
});
