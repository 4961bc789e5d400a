/**
 * Whose comments review-gate takes for its own: the account its token posts as, as GraphQL's
 * `viewer` names it, and no other — not a person, not another app — and none when GitHub cannot say.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthorTrust, isIdentity } from '../../src/write/identity';
import { accountId } from '../doubles/fake-github';
import type { FakeGitHub } from '../doubles/fake-github';
import { startFake } from '../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const viewerQueries = (f: FakeGitHub): number => f.requests.filter((r) => r.path === '/graphql' && JSON.stringify(r.body).includes('viewer')).length;

describe('createAuthorTrust', () => {
  it('trusts the Actions token’s own account only, asking GitHub once', async () => {
    const started = await startFake([]);
    fake = started.fake;
    const trusted = createAuthorTrust(started.octokit, started.log);

    const own = { login: 'github-actions[bot]', type: 'Bot', id: accountId('github-actions[bot]') };
    expect(await trusted(own)).toBe(true);
    expect(await trusted({ login: 'GitHub-Actions[bot]', type: 'Bot' })).toBe(true);
    expect(await trusted({ login: 'other-app[bot]', type: 'Bot', id: accountId('other-app[bot]') })).toBe(false);
    expect(await trusted({ login: 'github-actions[bot]', type: 'Bot', id: 1 })).toBe(false);
    expect(await trusted({ login: 'mallory', type: 'User' })).toBe(false);
    expect(await trusted(null)).toBe(false);
    expect(viewerQueries(started.fake)).toBe(1);
    expect(trusted.unknownIdentity()).toBeUndefined();
  });

  it('trusts a personal token’s user by login, and no bot', async () => {
    const started = await startFake([], { login: 'alice' });
    fake = started.fake;
    const trusted = createAuthorTrust(started.octokit);

    expect(await trusted({ login: 'alice', type: 'User', id: accountId('alice') })).toBe(true);
    expect(await trusted({ login: 'github-actions[bot]', type: 'Bot' })).toBe(false);
  });

  it('trusts no comment when GitHub cannot say who the token is, and says so once', async () => {
    const started = await startFake([], { viewerRefused: true });
    fake = started.fake;
    const trusted = createAuthorTrust(started.octokit, started.log);

    expect(await trusted({ login: 'github-actions[bot]', type: 'Bot' })).toBe(false);
    expect(await trusted({ login: 'github-actions[bot]', type: 'Bot' })).toBe(false);
    expect(trusted.unknownIdentity()).toMatch(/^review-gate could not learn which account its token posts as \(GraphQL viewer: Resource not accessible by integration\).*no dismissal counts/);
    expect(started.log.lines.filter((l) => l.level === 'warning')).toHaveLength(1);
    expect(viewerQueries(started.fake)).toBe(1);
  });

  it('asks nothing until a comment is judged', async () => {
    const started = await startFake([]);
    fake = started.fake;
    createAuthorTrust(started.octokit);
    expect(started.fake.requests).toEqual([]);
  });
});

describe('isIdentity', () => {
  it('takes a Bot of the viewer’s slug for the viewer when GraphQL names it without the suffix, and no person', () => {
    expect(isIdentity({ login: 'my-app[bot]', type: 'Bot' }, { login: 'my-app' })).toBe(true);
    expect(isIdentity({ login: 'my-app[bot]', type: 'User' }, { login: 'my-app' })).toBe(false);
    expect(isIdentity({ login: 'my-app', type: 'User' }, { login: 'my-app[bot]' })).toBe(false);
  });

  it('needs the id to match when both are known', () => {
    expect(isIdentity({ login: 'alice', id: 7 }, { login: 'alice', databaseId: 7 })).toBe(true);
    expect(isIdentity({ login: 'alice', id: 8 }, { login: 'alice', databaseId: 7 })).toBe(false);
    expect(isIdentity({ login: 'alice' }, { login: 'alice', databaseId: 7 })).toBe(true);
  });
});
