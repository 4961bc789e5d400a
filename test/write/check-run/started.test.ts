import { afterEach, describe, expect, it } from 'vitest';
import { createWriteGate } from '../../../src/github/write-gate';
import { createCheckRunSurface } from '../../../src/write/check-run/surface';
import { startCheckRun } from '../../../src/write/check-run/started';
import { readVerdictRecord } from '../../../src/write/check-run/verdict-records';
import type { CheckRunContent } from '../../../src/write/check-run/upsert';
import type { FakeGitHub, FakePull } from '../../doubles/fake-github';
import { createVirtualClock } from '../../support/virtual-clock';
import { HEAD, startFake } from '../../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const pr = { owner: 'acme', repo: 'widgets', number: 7, headSha: HEAD };
const check = { name: 'review-gate', detailsUrl: 'https://github.com/acme/widgets/actions/runs/1' };
const facts = { reviewed: true, base: 'main', read: 1_700_000_000_000 };
const now = () => 1_700_000_000_500;
const failed = (): CheckRunContent => ({ name: 'review-gate', headSha: HEAD, conclusion: 'failure', title: 'Failed: x', summary: '## ❌ Failed', annotations: [] });

async function setup(extra: Parameters<typeof startFake>[1] = {}) {
  const started = await startFake([{ number: 7, headSha: HEAD, baseRef: 'main', files: [] } satisfies FakePull], extra);
  fake = started.fake;
  const context = { octokit: started.octokit, gate: createWriteGate(createVirtualClock()), log: started.log };
  const log = { info: () => undefined, warning: (line: string) => started.log.warning(line), group: <T>(_: string, run: () => Promise<T>) => run() };
  return { ...started, fake: started.fake, context, log };
}

const writes = (f: FakeGitHub) => f.requests.filter((r) => r.method !== 'GET' && r.path.includes('/check-runs')).map((r) => r.method);

describe('startCheckRun', () => {
  it('creates the check run in progress on the head, with the run’s pending record', async () => {
    const { fake, context, log } = await setup();

    const started = await startCheckRun(context, pr, check, facts, log, now);

    expect(started).toMatchObject({ id: fake.checkRuns[0]?.id });
    expect(fake.checkRuns[0]).toMatchObject({ head_sha: HEAD, status: 'in_progress', conclusion: null, external_id: 'review-gate', details_url: check.detailsUrl, output: { title: 'In progress: reviewing #7' } });
    expect(fake.checkRuns[0]?.output.summary).toMatch(/^## ⏳ In progress: review-gate is reviewing #7 against `main` at `aaaaaaaaaaaa`\n\nStarted at 2023-11-14T22:13:20.500Z\./);
    expect(readVerdictRecord(fake.checkRuns[0]?.output.summary)).toEqual({
      pr: 7, conclusion: 'failure', title: 'Review in progress since 2023-11-14T22:13:20.500Z', at: 1_700_000_000_500, reviewed: true, base: 'main', read: facts.read, pending: true,
    });
  });

  it('finds the check run by listing when GitHub’s answer to the creation was lost, and does not create a second', async () => {
    const { fake, context, log } = await setup();
    fake.failNext({ method: 'POST', path: '/repos/acme/widgets/check-runs' }, { status: 502, afterHandling: true });

    const started = await startCheckRun(context, pr, check, facts, log, now);

    expect(started?.id).toBe(fake.checkRuns[0]?.id);
    expect(fake.checkRuns).toHaveLength(1);
  });

  it('gives up quietly on a token that may not write checks: the final write says so', async () => {
    const { fake, context, log } = await setup({ checks: 'read' });
    expect(await startCheckRun(context, pr, check, facts, log, now)).toBeUndefined();
    expect(fake.checkRuns).toEqual([]);
  });
});

describe('the check run surface', () => {
  it('completes the check run it started with the verdict: one creation, then updates only', async () => {
    const { fake, context, log } = await setup();
    const surface = createCheckRunSurface({ context, log, target: pr, check, facts, now });

    await surface.start();
    await surface.start();
    const report = await surface.write({ ...failed(), summary: '## ❌ Failed\n\nreasons' });

    expect(report).toMatchObject({ kind: 'written', created: true, id: fake.checkRuns[0]?.id });
    expect(fake.checkRuns.map((r) => [r.status, r.conclusion])).toEqual([['completed', 'failure']]);
    expect(writes(fake)).toEqual(['POST', 'PATCH']);
    expect(readVerdictRecord(fake.checkRuns[0]?.output.summary)).toMatchObject({ pr: 7, conclusion: 'failure', pending: false, reviewed: true, base: 'main' });
  });

  it('concludes the check run it started when the run stops, even when GitHub did not answer in time, with one write and nothing listed', async () => {
    const { fake, context, log } = await setup();
    const surface = createCheckRunSurface({ context, log, target: pr, check, facts, now });
    await surface.start();
    const before = fake.requests.length;

    await surface.stop(failed(), false);

    expect(fake.requests.slice(before).map((r) => r.method)).toEqual(['PATCH']);
    expect(fake.checkRuns.map((r) => [r.status, r.conclusion])).toEqual([['completed', 'failure']]);
    expect(readVerdictRecord(fake.checkRuns[0]?.output.summary)).toMatchObject({ pr: 7, conclusion: 'failure', pending: false });
  });

  it('writes nothing for a stop GitHub gave no answer to when it started nothing, as before', async () => {
    const { fake, context, log } = await setup();
    await createCheckRunSurface({ context, log, target: pr, check, facts, now }).stop(failed(), false);
    expect(fake.requests).toEqual([]);
  });

  it('marks a merge group’s check in progress without a record, and completes it', async () => {
    const { fake, context, log } = await setup();
    const group = { kind: 'merge-group' as const, owner: 'acme', repo: 'widgets', baseSha: 'b'.repeat(40), headSha: HEAD, headRef: '', pulls: [7] };
    const surface = createCheckRunSurface({ context, log, target: group, check, facts, now });

    await surface.start();
    expect(fake.checkRuns[0]).toMatchObject({ status: 'in_progress', output: { title: 'In progress: reviewing the merge group' } });
    expect(readVerdictRecord(fake.checkRuns[0]?.output.summary)).toBeUndefined();
    await surface.write(failed());
    expect(fake.checkRuns.map((r) => [r.status, r.conclusion])).toEqual([['completed', 'failure']]);
  });
});
