/**
 * End to end: the action with GITHUB_WORKSPACE holding a checkout of the pull
 * request (fetch-depth: 0) reads every changed file, patch and content from local git, and
 * reaches exactly the outcome of a run through the GitHub API.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../doubles/simulator';
import { GITHUB_TOKEN } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { GITHUB_VIEW, createPullRequestRepo } from '../support/git-pull-request';
import type { PullRequestRepo } from '../support/git-pull-request';
import { useAction } from './harness';

const { demo, servers, run: runAction } = useAction();
let pull: PullRequestRepo;
let fixture: PullRequestFixture;

beforeAll(() => {
  pull = createPullRequestRepo();
  fixture = {
    ...demo,
    headSha: pull.head,
    baseSha: pull.base,
    files: GITHUB_VIEW.map(({ content, ...file }) => ({
      ...file,
      ...(Buffer.isBuffer(content) ? { contentBase64: content.toString('base64') } : content === undefined ? {} : { content }),
    })),
  };
});
afterAll(() => rmSync(pull.repo, { recursive: true, force: true }));

/** `baseSha`: the base commit GitHub has (default the fixture's, which the checkout holds). */
async function run(env: Record<string, string>, event?: unknown, baseSha = fixture.baseSha) {
  const { simulator, github } = await servers({ fixture: { ...fixture, baseSha } });
  const result = await runAction({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN },
    githubApiUrl: github.url,
    fixture,
    env,
    ...(event === undefined ? {} : { event }),
  });
  const gets = (pattern: RegExp) => github.requests.filter((r) => r.method === 'GET' && pattern.test(r.path)).length;
  const contentQueries = github.requests.filter((r) => r.path === '/graphql' && /object\(/.test(String((r.body as { query?: unknown }).query))).length;
  return { ...result, listPages: gets(/\/pulls\/\d+\/files$/), contentReads: gets(/\/git\/blobs\//) + contentQueries, reviews: simulator.requests.length };
}

describe('collecting from the checkout', () => {
  it('takes files, patches and contents from local git, with no list or content read through the API, and the same outcome', async () => {
    const api = await run({});
    const local = await run({ GITHUB_WORKSPACE: pull.repo });

    expect(api.listPages).toBe(1);
    // Their sizes, then their texts: two GraphQL queries for the three files.
    expect(api.contentReads).toBe(2);
    expect(local.listPages).toBe(0);
    expect(local.contentReads).toBe(0);
    expect(local.stdout).toMatch(/Changed files, patches and contents: from the checkout \(git diff [0-9a-f]{12}\.\.\.[0-9a-f]{12}\), none through the GitHub API\./);
    expect(local.outputs).toEqual(api.outputs);
    expect(local.reviews).toBe(api.reviews);
    expect(local.exitCode).toBe(0);
    expect(api.exitCode).toBe(0);
  });

  it('falls back to the API, saying why, when the checkout lacks the base commit', async () => {
    const event = {
      action: 'synchronize',
      number: fixture.number,
      pull_request: { number: fixture.number, head: { sha: pull.head, repo: { full_name: fixture.headRepo } }, base: { sha: 'f'.repeat(40), repo: { full_name: `${fixture.owner}/${fixture.repo}` } } },
    };
    // GitHub's base, which the run goes by, is the one the checkout lacks too.
    const result = await run({ GITHUB_WORKSPACE: pull.repo }, event, 'f'.repeat(40));

    expect(result.stdout).toContain(
      `Reading the pull request through the GitHub API: the checkout does not have the base commit ${'f'.repeat(12)}. A checkout with both commits (actions/checkout with fetch-depth: 0) gives every file and patch without the API.`,
    );
    expect(result.listPages).toBe(1);
    // The blobs are in the checkout's objects all the same.
    expect(result.contentReads).toBe(0);
    expect(result.outputs['files-reviewed']).toBe('3');
  });
});
