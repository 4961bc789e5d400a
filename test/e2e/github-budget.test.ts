/**
 * End to end: what a run of the action costs GitHub. `GITHUB_TOKEN` allows 1,000 REST
 * requests an hour for the whole repository, so reading a pull request must not cost a request per
 * file: contents come in GraphQL batches (REST only for the blobs a batch cannot vouch for), the
 * list in pages of 100, and the log says what the run spent, by kind.
 */
import { describe, expect, it } from 'vitest';
import type { FakeGitHub, RecordedRequest } from '../doubles/fake-github';
import { DEMO_KEY } from '../doubles/simulator';
import type { PullRequestFixture } from '../doubles/run-action';
import { generatedPull } from '../support/generated-pull';
import { useAction } from './harness';

const { demo, servers, runAgainst } = useAction();

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(40, 7)]);

/**
 * What reading the pull request cost: pages of its changed-file list, reads of the pull request
 * (one as the run starts: GitHub's head, base and draft state, which the run goes by) and of its
 * contents (in a dry run: no write, so no read of the head that guards one); the one
 * read of the policy file at the base commit, whatever the size; and every request of the run by kind.
 */
function spent(github: FakeGitHub, pr: PullRequestFixture) {
  const pull = `/repos/${pr.owner}/${pr.repo}/pulls/${pr.number}`;
  const isList = (r: RecordedRequest) => r.method === 'GET' && r.path === `${pull}/files`;
  const isContentQuery = (r: RecordedRequest) => r.path === '/graphql' && /object\(/.test(String((r.body as { query?: unknown } | undefined)?.query));
  const isPolicy = (r: RecordedRequest) => r.method === 'GET' && decodeURIComponent(r.path) === `/repos/${pr.owner}/${pr.repo}/contents/.github/review-gate.yml`;
  const isRead = (r: RecordedRequest) =>
    (r.method === 'GET' && !isPolicy(r) && (r.path === pull || r.path.includes('/git/blobs/') || r.path.includes('/contents/'))) || isContentQuery(r);
  return {
    list: github.requests.filter(isList).length,
    read: github.requests.filter(isRead).length,
    policy: github.requests.filter(isPolicy).length,
    restBlobs: github.requests.filter((r) => r.path.includes('/git/blobs/')).length,
    kinds: {
      list: github.requests.filter((r) => r.method === 'GET' && 'page' in r.query).length,
      read: github.requests.filter((r) => r.method === 'GET' && !('page' in r.query)).length,
      write: github.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql').length,
      graphql: github.requests.filter((r) => r.path === '/graphql').length,
    },
  };
}

async function runOn(files: number, inputs: Record<string, string> = {}) {
  const pull = await generatedPull(files, 5);
  const { simulator, github } = await servers({ fixture: pull.fixture, simulator: { keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: Infinity, dailyLimit: Infinity }] } });
  // GitHub's requests are what these count: injection-check's second reviews go to the service only, and would double its work.
  const result = await runAgainst(simulator, github, pull.fixture, { 'max-files': String(files), concurrency: '16', 'dry-run': 'true', 'injection-check': 'off', ...inputs });
  return { result, github, simulator, fixture: pull.fixture };
}

describe('the GitHub requests of a run', () => {
  it('prints one line with the GitHub requests the run made, by kind, as GitHub received them', async () => {
    const { simulator, github } = await servers();

    const result = await runAgainst(simulator, github, demo);

    expect(result.exitCode).toBe(1);
    const lines = result.stdout.split('\n').filter((l) => l.startsWith('GitHub requests: '));
    const { kinds } = spent(github, demo);
    const total = kinds.list + kinds.read + kinds.write + kinds.graphql;
    expect(lines).toEqual([`GitHub requests: ${kinds.list} list, ${kinds.read} read, ${kinds.write} write, ${kinds.graphql} GraphQL (${total} in all).`]);
  });

  it.each([
    [10, 1, 4],
    [300, 3, 6],
  ])('reads a %i-file pull request through the API in %i list pages and at most %i reads, no content one by one', async (files, lists, reads) => {
    const { result, github, fixture } = await runOn(files);

    expect(result.outputs['files-reviewed']).toBe(String(files));
    const cost = spent(github, fixture);
    expect(cost.list).toBe(lists);
    expect(cost.read).toBeLessThanOrEqual(reads);
    expect(cost.policy).toBe(1);
    expect(cost.restBlobs).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`contents ${files} in \\d GraphQL queries, 0 one by one through REST\\.`));
  });

  it('reads a 3,000-file pull request through the API in 30 list pages and at most 35 reads', { timeout: 240_000 }, async () => {
    const { result, github, fixture } = await runOn(3000);

    expect(result.outputs['files-reviewed']).toBe('3000');
    const cost = spent(github, fixture);
    expect(cost.list).toBe(30);
    expect(cost.read).toBeLessThanOrEqual(35);
    expect(cost.policy).toBe(1);
    expect(cost.restBlobs).toBe(0);
  });
});

describe('contents read in batches, REST for what a batch cannot vouch for', () => {
  /** The demo pull request with files whose bytes GraphQL's text cannot carry, and one it can. */
  const mixed: PullRequestFixture = {
    ...demo,
    files: [
      { filename: 'src/utf8.py', status: 'added', content: 'name = "héllo ✓"\nprint(name)\n', patch: '@@ -0,0 +1,2 @@\n+name = "héllo ✓"\n+print(name)', additions: 2 },
      {
        filename: 'src/latin1.py',
        status: 'added',
        contentBase64: Buffer.from('# -*- coding: latin-1 -*-\nname = "caf\xe9"\n', 'latin1').toString('base64'),
        patch: '@@ -0,0 +1,2 @@\n+# -*- coding: latin-1 -*-\n+name = "café"',
        additions: 2,
      },
      {
        filename: 'src/utf16.ts',
        status: 'added',
        contentBase64: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('export const a = 1;\n', 'utf16le')]).toString('base64'),
        additions: 0,
      },
      { filename: 'src/image.ts', status: 'added', contentBase64: PNG.toString('base64'), additions: 0 },
    ],
  };

  it('sends the service the same code, and ends the same, as when every file is read through REST', async () => {
    const batched = await servers({ fixture: mixed });
    const viaBatches = await runAgainst(batched.simulator, batched.github, mixed, { 'check-run': 'false' });
    const restOnly = await servers({ fixture: mixed });
    // GitHub's GraphQL refuses every query: each file is read on its own, as before batches.
    restOnly.github.failNext({ method: 'POST', path: '/graphql' }, { status: 404, body: { message: 'Not Found' } }, 100);
    const viaRest = await runAgainst(restOnly.simulator, restOnly.github, mixed, { 'check-run': 'false' });

    const sent = (s: typeof batched.simulator) => s.requests.filter((r) => r.path === '/v1/agent/review').map((r) => JSON.stringify(r.body)).sort();
    expect(sent(batched.simulator)).toEqual(sent(restOnly.simulator));
    // Three files, two of them again with their comments and strings blanked (injection-check).
    expect(sent(batched.simulator)).toHaveLength(5);
    expect(viaBatches.outputs).toEqual(viaRest.outputs);
    expect(viaBatches.exitCode).toBe(viaRest.exitCode);
    // Only what GraphQL's text cannot carry byte for byte came through REST: Latin-1, UTF-16, binary.
    expect(spent(batched.github, mixed).restBlobs).toBe(3);
    expect(spent(restOnly.github, mixed).restBlobs).toBe(4);
    expect(viaRest.stdout).toContain("Reading file contents one by one through REST: GitHub's GraphQL API did not answer");
  });

  it('reads through REST only the file GitHub failed on in its batch', async () => {
    const { simulator, github } = await servers();
    const app = demo.files.find((f) => f.filename === 'src/app.py');
    const { createHash } = await import('node:crypto');
    const bytes = Buffer.from(app?.content ?? '');
    github.failGraphqlBlob(createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex'));

    const result = await runAgainst(simulator, github, demo);

    expect(result.outputs['files-reviewed']).toBe('5');
    expect(github.requests.filter((r) => r.path.includes('/git/blobs/')).map((r) => r.path.split('/').pop())).toEqual([
      createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex'),
    ]);
  });
});
