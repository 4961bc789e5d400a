/**
 * Reading whether someone with write access approved a pull request at its head
 * (`suppressions-need-approval`), from the fake GitHub's reviews and collaborator permissions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAccessReader } from '../../src/github/access-reader';
import { createApprovalReader } from '../../src/github/approvals-reader';
import type { FakeGitHub } from '../doubles/fake-github';
import { startFake } from './helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const HEAD = 'b'.repeat(40);
const OLDER = 'a'.repeat(40);
const pr = { owner: 'acme', repo: 'widgets', number: 7, headSha: HEAD };

async function approvals() {
  const started = await startFake([{ number: 7, headSha: HEAD, files: [] }]);
  fake = started.fake;
  const read = createApprovalReader(started.octokit, createAccessReader(started.octokit, { owner: 'acme', repo: 'widgets' }));
  return { read: () => read(pr), fake: started.fake };
}

describe('createApprovalReader', () => {
  it.each(['write', 'maintain', 'admin'] as const)('is approved by a review APPROVED at the head by someone with %s access', async (role) => {
    const { read, fake: github } = await approvals();
    github.addReview(7, { login: 'mona', state: 'APPROVED', permission: role });
    expect(await read()).toEqual({ kind: 'approved', by: 'mona' });
  });

  it('is not approved by an approval of an older commit, one by a reader, or one the same person later withdrew', async () => {
    const { read, fake: github } = await approvals();
    github.addReview(7, { login: 'mona', state: 'APPROVED', commitId: OLDER, permission: 'admin' });
    github.addReview(7, { login: 'hubot', state: 'APPROVED', permission: 'read' });
    github.addReview(7, { login: 'octo', state: 'APPROVED', permission: 'write' });
    github.addReview(7, { login: 'octo', state: 'CHANGES_REQUESTED' });
    github.addReview(7, { login: 'lisa', state: 'APPROVED', permission: 'write' });
    github.addReview(7, { login: 'lisa', state: 'DISMISSED' });
    // A comment after an approval leaves it standing: only a verdict replaces one.
    github.addReview(7, { login: 'tim', state: 'COMMENTED', permission: 'write' });
    const answer = await read();
    expect(answer.kind).toBe('not-approved');
    expect(answer.kind === 'not-approved' && answer.why).toMatch(/^it is approved at bbbbbbbbbbbb only by people without write access \(.*hubot.*\)$/);
  });

  it('keeps an approval a later comment by the same person follows', async () => {
    const { read, fake: github } = await approvals();
    github.addReview(7, { login: 'mona', state: 'APPROVED', permission: 'write' });
    github.addReview(7, { login: 'mona', state: 'COMMENTED' });
    expect(await read()).toEqual({ kind: 'approved', by: 'mona' });
  });

  it('says so when no one approved at the head', async () => {
    const { read } = await approvals();
    expect(await read()).toEqual({ kind: 'not-approved', why: 'no one with write access has approved the pull request at bbbbbbbbbbbb' });
  });

  it('never throws: reviews that cannot be read are an unknown approval saying why (the gate then counts the finding)', async () => {
    const { read, fake: github } = await approvals();
    github.failNext({ method: 'GET', path: '/repos/acme/widgets/pulls/7/reviews' }, { status: 403, body: { message: 'Resource not accessible by integration' } }, 10);
    const answer = await read();
    expect(answer.kind).toBe('unknown');
    expect(answer.kind === 'unknown' && answer.why).toBe("the pull request's reviews could not be read (Resource not accessible by integration)");
  });
});
