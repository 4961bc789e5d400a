import { afterEach, describe, expect, it } from 'vitest';
import { pullsAtWorkflowRunHead } from '../../src/config/head-pulls';
import { payloadDifferences, readPullTargetWhile } from '../../src/config/pull-target';
import type { PullTarget } from '../../src/config/pull-target';
import { EventError } from '../../src/config/event';
import type { FakeGitHub, FakePull } from '../doubles/fake-github';
import { HEAD, startFake } from '../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const MAIN = '3'.repeat(40);
const LEGACY = '4'.repeat(40);
const OTHER = 'e'.repeat(40);
const github: PullTarget = { pr: { owner: 'acme', repo: 'widgets', number: 7, headSha: HEAD }, baseSha: MAIN, baseRef: 'main', draft: false, fromFork: false, readAt: 1 };
const payload = { owner: 'acme', repo: 'widgets', number: 7, fromFork: false };

describe('payloadDifferences', () => {
  it('says nothing when the payload agrees, or does not say', () => {
    expect(payloadDifferences({ ...payload, headSha: HEAD, baseSha: MAIN, baseRef: 'main', draft: false }, github)).toBeUndefined();
    expect(payloadDifferences(payload, github)).toBeUndefined();
  });

  it('names each value GitHub has otherwise, in one line', () => {
    expect(payloadDifferences({ ...payload, headSha: OTHER, baseSha: LEGACY, baseRef: 'legacy', draft: true }, github)).toBe(
      "GitHub has #7 otherwise than the event's payload says; this run goes by GitHub: draft: true → false; base: legacy (444444444444) → main (333333333333); head: eeeeeeeeeeee → aaaaaaaaaaaa.",
    );
  });
});

describe('readPullTargetWhile', () => {
  const pulls = (): FakePull[] => [{ number: 7, headSha: HEAD, baseSha: MAIN, baseRef: 'main', files: [] }];

  it('keeps the work started on the payload when GitHub has its head and base, and drops it otherwise', async () => {
    const started = await startFake(pulls());
    fake = started.fake;
    const dropped: string[] = [];
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), warning: (line: string) => lines.push(line), debug: () => undefined, group: <R>(_: string, run: () => Promise<R>) => run() };
    const read = (headSha: string, baseSha: string) =>
      readPullTargetWhile(started.octokit, { ...payload, headSha, baseSha }, log, (pr, base, held) => {
        held.info(`choosing ${pr.headSha.slice(0, 1)}@${base.slice(0, 1)}`);
        return Promise.resolve(`${pr.headSha.slice(0, 1)}@${base.slice(0, 1)}`);
      }, (work) => void work.then((w) => dropped.push(w)));

    const kept = await read(HEAD, MAIN);
    expect(kept).toMatchObject({ target: { baseRef: 'main', baseSha: MAIN, pr: { headSha: HEAD } } });
    expect(await kept.early).toBe('a@3');
    expect(dropped).toEqual([]);
    expect(lines).toEqual(['choosing a@3']);
    expect(await read(HEAD, LEGACY)).not.toHaveProperty('early');
    await Promise.resolve();
    expect(dropped).toEqual(['a@4']);
    // What the dropped work said is not said: it was about a base the run does not review.
    expect(lines).toEqual(['choosing a@3', expect.stringMatching(/^GitHub has #7 otherwise/)]);
  });
});

describe('pullsAtWorkflowRunHead', () => {
  const FORK = 'mallory/widgets';
  const pulls = (): FakePull[] => [
    { number: 7, headSha: HEAD, baseSha: MAIN, baseRef: 'main', headRepo: FORK, headRef: 'patch-1', files: [] },
    { number: 8, headSha: HEAD, baseSha: LEGACY, baseRef: 'legacy', headRepo: FORK, headRef: 'patch-1', draft: true, files: [] },
    // The same branch name on another head commit (pushed to since) and in another owner's fork.
    { number: 9, headSha: OTHER, baseSha: MAIN, headRepo: FORK, headRef: 'patch-1', files: [] },
    { number: 10, headSha: HEAD, baseSha: MAIN, headRepo: 'eve/widgets', headRef: 'patch-1', files: [] },
  ];
  const target = (named?: number) => ({ owner: 'acme', repo: 'widgets', head: { repository: 'Mallory/Widgets', branch: 'patch-1', sha: HEAD }, ...(named === undefined ? {} : { named }) });

  it('finds every open pull request whose head repository, branch and commit are the event’s, each with its own base', async () => {
    const started = await startFake(pulls());
    fake = started.fake;

    const found = await pullsAtWorkflowRunHead(started.octokit, target(), () => 42);

    expect(found).toEqual({
      kind: 'judge',
      pulls: [
        { pr: { owner: 'acme', repo: 'widgets', number: 7, headSha: HEAD }, baseSha: MAIN, baseRef: 'main', draft: false, fromFork: true, readAt: 42 },
        { pr: { owner: 'acme', repo: 'widgets', number: 8, headSha: HEAD }, baseSha: LEGACY, baseRef: 'legacy', draft: true, fromFork: true, readAt: 42 },
      ],
    });
    expect(fake.requests.filter((r) => r.path === '/repos/acme/widgets/pulls').map((r) => r.query.head)).toEqual(['Mallory:patch-1']);
  });

  it('accepts a pr-number among them, and refuses one that is not, saying what differs', async () => {
    const started = await startFake(pulls());
    fake = started.fake;

    expect(await pullsAtWorkflowRunHead(started.octokit, target(8))).toMatchObject({ kind: 'judge', pulls: [{ pr: { number: 7 } }, { pr: { number: 8 } }] });
    await expect(pullsAtWorkflowRunHead(started.octokit, target(9))).rejects.toThrow(new RegExp(`^pr-number 9 does not name the pull request this workflow_run ran for: its head commit is eeeeeeeeeeee`));
    await expect(pullsAtWorkflowRunHead(started.octokit, target(10))).rejects.toThrow(EventError);
  });

  it('has nothing to judge when no open pull request has that head, and says why', async () => {
    const started = await startFake(pulls().map((p) => ({ ...p, headSha: OTHER })));
    fake = started.fake;

    expect(await pullsAtWorkflowRunHead(started.octokit, target())).toEqual({
      kind: 'none',
      reason: `no open pull request of acme/widgets has the head this workflow_run ran on (Mallory/Widgets patch-1 at aaaaaaaaaaaa): it was pushed to since (the workflow_run of the new head judges it) or closed`,
    });
  });
});
