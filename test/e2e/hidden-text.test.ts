/**
 * End to end: hidden text (Trojan Source, CVE-2021-42574) on a line the pull request adds fails the
 * action whatever the service says (here the gullible simulator, talked into "no issues"),
 * found in the file itself at no request to the service: through the GitHub API and from a
 * checkout alike. Each finding names its characters by code point; an identifier mixing Latin
 * with a Cyrillic look-alike is a warning; a joiner Persian needs in a comment, and hidden text on a
 * line the base already held, do not fail it.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeFile } from '../doubles/fake-github';
import type { PullRequestFixture } from '../doubles/run-action';
import { injectionPatch } from '../support/injection-corpus';
import { HIDDEN } from '../support/hidden-text-corpus';
import { buildPullRequestRepo } from '../support/git-pull-request';
import type { PullRequestRepo } from '../support/git-pull-request';
import { fixtureOf, ownComments } from './thread-fixtures';
import { useAction } from './harness';

const { servers, runAgainst } = useAction();

const files: Array<FakeFile & { content: string }> = HIDDEN.map((c) => {
  const patch = injectionPatch(c);
  return { filename: c.path, status: c.base === undefined ? 'added' : 'modified', content: c.head, patch, additions: patch.split('\n').filter((l) => l.startsWith('+')).length };
});
const failing = HIDDEN.filter((c) => c.line !== undefined);

let pull: PullRequestRepo;
let fixture: PullRequestFixture;

beforeAll(() => {
  pull = buildPullRequestRepo({
    prefix: 'review-gate-hidden-',
    base: { 'README.md': '# shop\n', ...Object.fromEntries(HIDDEN.flatMap((c) => (c.base === undefined ? [] : [[c.path, c.base]]))) },
    change: ({ write }) => write(Object.fromEntries(HIDDEN.map((c) => [c.path, c.head]))),
    mainMovesOn: { 'README.md': '# shop, on main\n' },
  });
  fixture = { ...fixtureOf(files), headSha: pull.head, baseSha: pull.base };
});
afterAll(() => rmSync(pull.repo, { recursive: true, force: true }));

async function run(env: Record<string, string>) {
  const { simulator, github } = await servers({ fixture: structuredClone(fixture), simulator: { gullible: true } });
  const result = await runAgainst(simulator, github, fixture, { 'injection-check': 'off', 'max-comments': '50' }, { env });
  return { result, github, reviews: simulator.requests.filter((r) => r.path === '/v1/agent/review').length };
}

describe('hidden text on an added line', () => {
  it('fails the check through the API and from a checkout alike, naming each character by code point, at no request to the service', async () => {
    const api = await run({});
    const local = await run({ GITHUB_WORKSPACE: pull.repo });

    for (const { result, github, reviews } of [api, local]) {
      expect(result.exitCode).toBe(1);
      expect(result.outputs).toMatchObject({ result: 'failed', errors: String(failing.length), warnings: '1' });
      // One review per file, as with no hidden text: the characters are found locally.
      expect(reviews).toBe(HIDDEN.length);
      const comments = ownComments(github);
      expect(comments.filter((c) => c.body.includes('Hidden text')).map((c) => `${c.path}:${c.line}`).sort()).toEqual(failing.map((c) => `${c.path}:${c.line}`).sort());
      for (const c of failing) {
        const body = comments.find((comment) => comment.path === c.path)?.body ?? '';
        expect(body).toContain(`Hidden text on this line: ${c.names}.`);
      }
      const annotations = github.checkRuns[0]?.annotations ?? [];
      expect(annotations.filter((a) => a.annotation_level === 'failure').map((a) => a.path).sort()).toEqual(failing.map((c) => c.path).sort());
      expect(annotations.find((a) => a.path === 'web/pay.js')).toMatchObject({ annotation_level: 'warning', start_line: 1 });
      expect(annotations.find((a) => a.path === 'web/pay.js')?.message).toContain('mixes Latin letters with U+0430 (Cyrillic)');
    }
    expect(local.result.stdout).toMatch(/from the checkout/);
    expect(local.result.outputs).toEqual(api.result.outputs);
  });
});
