/**
 * End to end: only people with write access can dismiss. GitHub's `author_association` says who
 * someone is (an organization MEMBER, a COLLABORATOR), not what they may do; review-gate asks
 * GitHub for the replier's permission on the repository ("Get repository permissions for a
 * user") and counts a dismissal only from `write`, `maintain` or `admin` (a custom role by its
 * base permission). An answer it cannot have or cannot read means the dismissal does not count,
 * and the summary says why. A `/review-gate dismiss` reply from someone who cannot dismiss ends
 * its run at once: no review request, no write.
 */
import { describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../doubles/simulator';
import { isWriteRequest } from '../doubles/fake-github';
import type { FakeGitHub, FakeReviewComment, ForcedAnswer } from '../doubles/fake-github';
import type { FakeRole } from '../doubles/fake-github-permissions';
import type { ActionRun } from '../doubles/run-action';
import { NUMBER, OWNER, REPO, addedFile, fixtureOf, ownComments, reviewCommentEvent, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const harness = useAction();
const { runAgainst } = harness;

const fixture = fixtureOf([addedFile('src/handler.py', ['import json', '', 'def handle(raw):', '    return eval(json.loads(raw)["expr"])'])]);
const REASON = 'false positive: input is validated upstream';
const ONLY_WRITERS = 'only people with write access can dismiss';
const permissionPath = (login: string): string => `/repos/${OWNER}/${REPO}/collaborators/${login}/permission`;

/** The first run fails on the eval() finding and comments on it; the servers and that comment. */
async function firstRun(inputs: Record<string, string> = {}): Promise<{ simulator: RunningSimulator; github: FakeGitHub; comment: FakeReviewComment }> {
  const { simulator, github } = await harness.servers({ fixture: structuredClone(fixture) });
  const first = await runAgainst(simulator, github, fixture, inputs);
  expect(first.exitCode).toBe(1);
  const [comment] = ownComments(github);
  expect(comment?.line).toBe(4);
  return { simulator, github, comment: comment as FakeReviewComment };
}

/** The run the reply starts (`pull_request_review_comment`). */
function runOnReply(simulator: RunningSimulator, github: FakeGitHub, reply: FakeReviewComment, action = 'created'): Promise<ActionRun> {
  return runAgainst(simulator, github, fixture, {}, { eventName: 'pull_request_review_comment', event: reviewCommentEvent(fixture, reply, action) });
}

/** Requests that change something on GitHub (a GraphQL query, such as who the token is, only reads). */
function writes(github: FakeGitHub): number {
  return github.requests.filter(isWriteRequest).length;
}

function permissionLookups(github: FakeGitHub, login: string): number {
  return github.requests.filter((r) => r.method === 'GET' && r.path === permissionPath(login)).length;
}

describe('a dismissal by someone without write access', () => {
  it.each<[string, string, FakeRole, RegExp]>([
    ['an organization MEMBER with read', 'MEMBER', 'read', /@mona has read access; only people with write access can dismiss/],
    ['a COLLABORATOR with triage', 'COLLABORATOR', 'triage', /@mona has triage access; only people with write access can dismiss/],
    ['an organization MEMBER without access to this repository', 'MEMBER', 'none', /@mona has no access to the repository; only people with write access can dismiss/],
    ['a MEMBER with a custom role built on read', 'MEMBER', { roleName: 'security-reviewer', permission: 'read' }, /@mona has the custom role "security-reviewer" \(base permission read\); only people/],
  ])('does not count for %s: the check fails and the summary says why', async (_, association, permission, why) => {
    const { simulator, github, comment } = await firstRun();
    github.addReply(NUMBER, comment.id, `/review-gate dismiss ${REASON}`, { login: 'mona', association, permission });

    // A push (not the reply) starts this run, so the dismissal is judged by the gate itself.
    const second = await runAgainst(simulator, github, fixture);

    expect(second.exitCode).toBe(1);
    expect(second.outputs).toMatchObject({ result: 'failed', errors: '1' });
    const summary = summaryBody(github);
    expect(summary).toContain('Suppressions or dismissals that do not count (1)');
    expect(summary).toMatch(/@mona's dismissal does not count: /);
    expect(summary).toMatch(why);
    expect(summary).not.toContain('dismissed by @mona');
  });
});

describe('a dismissal by someone with write access', () => {
  it.each<[string, string, FakeRole]>([
    ['write', 'COLLABORATOR', 'write'],
    ['maintain', 'MEMBER', 'maintain'],
    ['admin', 'OWNER', 'admin'],
    ['a custom role built on write', 'MEMBER', { roleName: 'release-manager', permission: 'write' }],
  ])('counts with %s, asking GitHub once for the login', async (_, association, permission) => {
    const { simulator, github, comment } = await firstRun();
    github.addReply(NUMBER, comment.id, `/review-gate dismiss ${REASON}`, { login: 'Mona', association, permission });
    // A second reply by the same person (another letter case: GitHub's logins are case-insensitive).
    github.addReply(NUMBER, comment.id, `/review-gate dismiss ${REASON}, again`, { login: 'mona', association });

    const second = await runAgainst(simulator, github, fixture);

    expect(second.exitCode).toBe(0);
    expect(second.outputs).toMatchObject({ result: 'passed', errors: '0' });
    expect(summaryBody(github)).toContain(`dismissed by @Mona: ${REASON}`);
    expect(permissionLookups(github, 'Mona') + permissionLookups(github, 'mona')).toBe(1);
  });
});

describe('a permission lookup that fails', () => {
  it.each<[string, ForcedAnswer, RegExp]>([
    ['403', { status: 403, body: { message: 'Resource not accessible by integration' } }, /GitHub answered 403: Resource not accessible by integration/],
    ['404', { status: 404, body: { message: 'Not Found' } }, /GitHub answered 404: Not Found/],
    ['502 (retries used up)', { status: 502, body: { message: 'Bad Gateway' } }, /GitHub answered 502/],
    ['an answer without a permission', { status: 200, body: { role_name: 'write', user: { login: 'mona' } } }, /GitHub's answer has no permission/],
    ['an answer about another user', { status: 200, body: { permission: 'admin', role_name: 'admin', user: { login: 'octocat' } } }, /GitHub's answer is about @octocat/],
    ['an answer whose role and permission disagree', { status: 200, body: { permission: 'write', role_name: 'triage', user: { login: 'mona' } } }, /role triage with base permission write/],
    ['the connection cut', { reset: true }, /could not be read/],
  ])('does not dismiss on %s, and the summary says why', async (_, answer, why) => {
    const { simulator, github, comment } = await firstRun();
    github.addReply(NUMBER, comment.id, `/review-gate dismiss ${REASON}`, { login: 'mona', association: 'MEMBER', permission: 'write' });
    github.failNext({ method: 'GET', path: permissionPath('mona') }, answer, 10);

    const second = await runAgainst(simulator, github, fixture, { 'max-retries': '0' });

    expect(second.exitCode).toBe(1);
    expect(second.outputs).toMatchObject({ result: 'failed', errors: '1' });
    const summary = summaryBody(github);
    expect(summary).toMatch(/@mona's dismissal does not count: @mona's access to the repository could not be read \(/);
    expect(summary).toMatch(why);
    expect(summary).toContain(ONLY_WRITERS);
    expect(`${second.stdout}${second.stderr}`).not.toMatch(/^\s+at .*\(.*:\d+:\d+\)$/m);
  });
});

describe('a /review-gate dismiss reply from someone who cannot dismiss', () => {
  it.each<[string, string, FakeRole | undefined, string, RegExp]>([
    ['an organization MEMBER with read', 'MEMBER', 'read', 'created', /@mona has read access; only people with write access can dismiss/],
    ['a COLLABORATOR with triage', 'COLLABORATOR', 'triage', 'created', /@mona has triage access/],
    ['someone with no association', 'NONE', undefined, 'created', /@mona has no access to the repository/],
    ['someone with no association, edited', 'NONE', undefined, 'edited', /@mona has no access to the repository/],
  ])('ends the run at once for %s: no review request, no write, one line saying why', async (_, association, permission, action, why) => {
    const { simulator, github, comment } = await firstRun();
    const reply = github.addReply(NUMBER, comment.id, `/review-gate dismiss ${REASON}`, { login: 'mona', association, ...(permission === undefined ? {} : { permission }) });
    const reviewsBefore = simulator.requests.length;
    const writesBefore = writes(github);

    const result = await runOnReply(simulator, github, reply, action);

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^review-gate has nothing to do: /m);
    expect(result.stdout).toMatch(why);
    expect(result.outputs).toEqual({});
    expect(simulator.requests.length).toBe(reviewsBefore);
    expect(writes(github)).toBe(writesBefore);
    expect(permissionLookups(github, 'mona')).toBe(1);
  });

  it('ends at once when the permission cannot be read, saying so', async () => {
    const { simulator, github, comment } = await firstRun();
    const reply = github.addReply(NUMBER, comment.id, `/review-gate dismiss ${REASON}`, { login: 'mona', association: 'MEMBER', permission: 'write' });
    github.failNext({ method: 'GET', path: permissionPath('mona') }, { status: 403, body: { message: 'Resource not accessible by integration' } });
    const reviewsBefore = simulator.requests.length;
    const writesBefore = writes(github);

    const result = await runOnReply(simulator, github, reply);

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^review-gate has nothing to do: @mona's access to the repository could not be read \(GitHub answered 403/m);
    expect(simulator.requests.length).toBe(reviewsBefore);
    expect(writes(github)).toBe(writesBefore);
  });

  it('re-decides the gate for a writer, asking GitHub once for the permission in the whole run', async () => {
    const { simulator, github, comment } = await firstRun();
    const reply = github.addReply(NUMBER, comment.id, `/review-gate dismiss ${REASON}`, { login: 'mona', association: 'CONTRIBUTOR', permission: 'maintain' });

    const result = await runOnReply(simulator, github, reply);

    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', errors: '0' });
    expect(summaryBody(github)).toContain(`dismissed by @mona: ${REASON}`);
    expect(permissionLookups(github, 'mona')).toBe(1);
  });
});
