import { afterEach, describe, expect, it } from 'vitest';
import { createWriteGate } from '../../../src/github/write-gate';
import { CHECK_RUN_EXTERNAL_ID, batches, missingAnnotations, upsertCheckRun } from '../../../src/write/check-run/upsert';
import type { CheckAnnotation, CheckRunContent } from '../../../src/write/check-run/upsert';
import type { FakeGitHub, FakePull } from '../../doubles/fake-github';
import { createVirtualClock } from '../../support/virtual-clock';
import { HEAD, TOKEN, startFake } from '../../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const pull: FakePull = { number: 7, headSha: HEAD, files: [] };
const repository = { owner: 'acme', repo: 'widgets' };
const checkRunsPath = '/repos/acme/widgets/check-runs';

const annotation = (line: number, message = `finding ${line}`): CheckAnnotation => ({
  path: 'src/a.py', start_line: line, end_line: line, annotation_level: 'warning', title: 'review-gate: warning', message,
});
const annotations = (count: number): CheckAnnotation[] => Array.from({ length: count }, (_, i) => annotation(i + 1));

const content = (extra: Partial<CheckRunContent> = {}): CheckRunContent => ({
  name: 'review-gate', headSha: HEAD, conclusion: 'failure', title: 'Failed: 1 error', summary: '## ❌ Failed', annotations: annotations(120), ...extra,
});

async function setup(extra: Parameters<typeof startFake>[1] = {}) {
  const started = await startFake([pull], extra);
  fake = started.fake;
  const clock = createVirtualClock();
  const context = { octokit: started.octokit, gate: createWriteGate(clock), log: started.log };
  return { ...started, context, clock };
}

const writes = (f: FakeGitHub) => f.requests.filter((r) => r.method !== 'GET' && r.path.includes('/check-runs')).map((r) => r.method);

describe('batches', () => {
  it('cuts a list into requests of 50', () => {
    expect(batches(annotations(120)).map((b) => b.length)).toEqual([50, 50, 20]);
    expect(batches([])).toEqual([]);
    expect(() => batches([1], 0)).toThrow('Expected `size` to be an integer from 1 up, got 0');
  });
});

describe('missingAnnotations', () => {
  it('counts equal annotations apart and reports annotations no longer wanted as stale', () => {
    const key = (a: CheckAnnotation) => JSON.stringify([a.path, a.start_line, a.end_line, a.annotation_level, a.title, a.message]);
    const twice = [annotation(1), annotation(1), annotation(2)];
    expect(missingAnnotations(twice, [key(annotation(1))])).toEqual({ missing: [annotation(1), annotation(2)], stale: false });
    expect(missingAnnotations([annotation(1)], [key(annotation(1)), key(annotation(9))])).toEqual({ missing: [], stale: true });
  });
});

describe('upsertCheckRun', () => {
  it('creates one check run on the commit with every annotation, 50 per request', async () => {
    const { fake, context } = await setup();
    const written = await upsertCheckRun(context, repository, content());

    expect(written).toMatchObject({ kind: 'written', created: true, annotations: 120 });
    expect(fake.checkRuns).toHaveLength(1);
    const [run] = fake.checkRuns;
    expect(run).toMatchObject({ name: 'review-gate', head_sha: HEAD, status: 'completed', conclusion: 'failure', external_id: CHECK_RUN_EXTERNAL_ID });
    expect(run?.output).toMatchObject({ title: 'Failed: 1 error', summary: '## ❌ Failed', annotations_count: 120 });
    expect(run?.annotationBatches).toEqual([50, 50, 20]);
    expect(run?.annotations.map((a) => a.start_line)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(writes(fake)).toEqual(['POST', 'PATCH', 'PATCH']);
  });

  it('updates its check run on a re-run of the same commit without repeating an annotation', async () => {
    const { fake, context } = await setup();
    await upsertCheckRun(context, repository, content());
    const again = await upsertCheckRun(context, repository, content({ conclusion: 'success', title: 'Passed' }));

    expect(again).toMatchObject({ kind: 'written', created: false, id: fake.checkRuns[0]?.id });
    expect(fake.checkRuns).toHaveLength(1);
    expect(fake.checkRuns[0]).toMatchObject({ conclusion: 'success', output: { title: 'Passed', annotations_count: 120 } });
    expect(writes(fake)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH']);
  });

  it('sends only the new annotations to an earlier check run, and replaces one that carries findings no longer reported', async () => {
    const { fake, context } = await setup();
    await upsertCheckRun(context, repository, content({ annotations: annotations(3) }));
    await upsertCheckRun(context, repository, content({ annotations: annotations(5) }));
    expect(fake.checkRuns).toHaveLength(1);
    expect(fake.checkRuns[0]?.annotations.map((a) => a.start_line)).toEqual([1, 2, 3, 4, 5]);

    const fewer = await upsertCheckRun(context, repository, content({ annotations: annotations(2) }));
    expect(fewer).toMatchObject({ kind: 'written', created: true });
    expect(fake.checkRuns.map((r) => r.annotations.length)).toEqual([5, 2]);
  });

  it('leaves alone a check run of the same name it did not write (a job named like the check)', async () => {
    const { fake, context } = await setup();
    await fetch(`${fake.url}${checkRunsPath}`, {
      method: 'POST',
      headers: { authorization: `token ${TOKEN}` },
      body: JSON.stringify({ name: 'review-gate', head_sha: HEAD, status: 'completed', conclusion: 'success' }),
    });
    await upsertCheckRun(context, repository, content({ annotations: [] }));
    expect(fake.checkRuns.map((r) => [r.external_id, r.conclusion])).toEqual([[null, 'success'], [CHECK_RUN_EXTERNAL_ID, 'failure']]);
  });

  it('creates no second check run when the answer to the creation is lost, and sends each annotation once', async () => {
    const { fake, context, log } = await setup();
    fake.failNext({ method: 'POST', path: checkRunsPath }, { status: 502, afterHandling: true });
    const written = await upsertCheckRun(context, repository, content());

    expect(written).toMatchObject({ kind: 'written', created: true });
    expect(fake.checkRuns).toHaveLength(1);
    expect(fake.checkRuns[0]?.annotations).toHaveLength(120);
    expect(log.lines.some((l) => l.level === 'warning' && /checking whether it was created/.test(l.message))).toBe(true);
  });

  it('sends the creation again when it was lost before GitHub stored it', async () => {
    const { fake, context } = await setup();
    fake.failNext({ method: 'POST', path: checkRunsPath }, { reset: true });
    await upsertCheckRun(context, repository, content());
    expect(fake.checkRuns).toHaveLength(1);
    expect(fake.checkRuns[0]?.annotations).toHaveLength(120);
    expect(writes(fake).filter((m) => m === 'POST')).toHaveLength(2);
  });

  it('lists the annotations again when the answer to an update is lost, and sends only what is missing', async () => {
    const { fake, context } = await setup();
    fake.failNext({ method: 'PATCH', path: /\/check-runs\/\d+$/ }, { status: 500, afterHandling: true });
    await upsertCheckRun(context, repository, content());
    const [run] = fake.checkRuns;
    expect(run?.annotations).toHaveLength(120);
    expect(new Set(run?.annotations.map((a) => a.start_line)).size).toBe(120);
  });

  it('says the token may not write check runs when GitHub answers 403, without retrying', async () => {
    const { fake, context } = await setup({ checks: 'read' });
    const written = await upsertCheckRun(context, repository, content());
    expect(written).toEqual({ kind: 'read-only', status: 403, githubMessage: 'Resource not accessible by integration' });
    expect(writes(fake)).toEqual(['POST']);
  });

  it('says the same when the token may not even list check runs', async () => {
    const { context } = await setup({ checks: 'none' });
    expect(await upsertCheckRun(context, repository, content())).toMatchObject({ kind: 'read-only', status: 403 });
  });

  it('throws a GitHub error naming the check run on any other refusal', async () => {
    const { context } = await setup();
    await expect(upsertCheckRun(context, repository, content({ headSha: 'f'.repeat(40) }))).rejects.toThrow(
      /^Writing the check run 'review-gate' on ffffffffffff failed: GitHub answered 422 — No commit found for SHA/,
    );
  });

});
