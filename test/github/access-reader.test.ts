import { afterEach, describe, expect, it } from 'vitest';
import { createAccessReader } from '../../src/github/access-reader';
import { describeAccess, parseRepositoryAccess } from '../../src/domain/repository-access';
import type { FakeGitHub } from '../doubles/fake-github';
import { startFake } from './helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const PATH = '/repos/acme/widgets/collaborators/mona/permission';

async function reader(permissions: Parameters<FakeGitHub['setPermission']>[1] = 'write') {
  const started = await startFake([], { permissions: { mona: permissions } });
  fake = started.fake;
  return { read: createAccessReader(started.octokit, { owner: 'acme', repo: 'widgets' }), fake: started.fake };
}

describe('createAccessReader', () => {
  it.each([
    ['write', 'write', 'write'],
    ['maintain', 'write', 'maintain'],
    ['admin', 'admin', 'admin'],
    ['triage', 'read', 'triage'],
    ['read', 'read', 'read'],
    ['none', 'none', 'none'],
  ] as const)("reads a login with %s as GitHub answers it: base permission %s, role %s", async (role, permission, roleName) => {
    const { read } = await reader(role);
    expect(await read('mona')).toEqual({ kind: 'known', login: 'mona', permission, role: roleName });
  });

  it('reads a custom role by its base permission', async () => {
    const { read } = await reader({ roleName: 'security-reviewer', permission: 'read' });
    expect(await read('mona')).toEqual({ kind: 'known', login: 'mona', permission: 'read', role: 'security-reviewer' });
  });

  it('asks GitHub once per login, whatever the letter case, however many ask at once', async () => {
    const { read, fake } = await reader();
    const answers = await Promise.all([read('mona'), read('Mona'), read('MONA')]);
    await read('mona');
    expect(answers.map((a) => a.kind)).toEqual(['known', 'known', 'known']);
    expect(fake.requests.filter((r) => r.path.toLowerCase() === PATH).length).toBe(1);
  });

  it.each([
    [{ status: 403, body: { message: 'Resource not accessible by integration' } }, 'GitHub answered 403: Resource not accessible by integration'],
    [{ status: 404, body: { message: 'Not Found' } }, 'GitHub answered 404: Not Found'],
    [{ status: 500, body: { message: 'Server Error' } }, 'GitHub answered 500: Server Error'],
    [{ reset: true as const }, 'no answer from GitHub'],
  ])('never throws: a failed lookup (%j) is an unknown access saying why', async (answer, why) => {
    const { read, fake } = await reader();
    fake.failNext({ method: 'GET', path: PATH }, answer, 10);
    const access = await read('mona');
    expect(access.kind).toBe('unknown');
    expect(access.kind === 'unknown' && access.why).toContain(why);
  });
});

describe('parseRepositoryAccess', () => {
  it.each([
    [null, "GitHub's answer is not an object"],
    [{ role_name: 'write' }, "GitHub's answer has no permission of admin, write, read or none"],
    [{ permission: 'push', role_name: 'write' }, "GitHub's answer has no permission of admin, write, read or none (\"push\")"],
    [{ permission: 'admin', role_name: 'admin', user: { login: 'octocat' } }, "GitHub's answer is about @octocat, not @mona"],
    [{ permission: 'admin', role_name: 'admin', user: {} }, "GitHub's answer is about @undefined, not @mona"],
    [{ permission: 'write', role_name: 'triage' }, "GitHub's answer contradicts itself: role triage with base permission write"],
    [{ permission: 'write', role_name: 'read', user: { login: 'mona' } }, "GitHub's answer contradicts itself: role read with base permission write"],
    [{ permission: 'write', role_name: 7 }, "GitHub's answer has a role_name that is not text (7)"],
  ])('fails closed on %j', (data, why) => {
    expect(parseRepositoryAccess('mona', data)).toEqual({ kind: 'unknown', login: 'mona', why });
  });

  it('takes the base permission for the role when GitHub names none, and a null user as GitHub may send it', () => {
    expect(parseRepositoryAccess('mona', { permission: 'write', user: null })).toEqual({ kind: 'known', login: 'mona', permission: 'write', role: 'write' });
    expect(parseRepositoryAccess('Mona', { permission: 'read', role_name: 'Triage', user: { login: 'mona' } })).toEqual({ kind: 'known', login: 'Mona', permission: 'read', role: 'Triage' });
  });
});

describe('describeAccess', () => {
  it.each([
    [{ kind: 'known', login: 'mona', permission: 'read', role: 'triage' }, '@mona has triage access'],
    [{ kind: 'known', login: 'mona', permission: 'write', role: 'maintain' }, '@mona has maintain access'],
    [{ kind: 'known', login: 'mona', permission: 'none', role: 'none' }, '@mona has no access to the repository'],
    [{ kind: 'known', login: 'mona', permission: 'read', role: 'auditor' }, "@mona has the custom role \"auditor\" (base permission read)"],
    [{ kind: 'unknown', login: 'mona', why: 'no answer from GitHub' }, "@mona's access to the repository could not be read (no answer from GitHub)"],
  ] as const)('says %j as %s', (access, said) => {
    expect(describeAccess(access)).toBe(said);
  });
});
