/**
 * End to end, the action on the `merge_group` event of a merge queue: the files
 * changed between `base_sha` and `head_sha` are reviewed, from a checkout holding both commits or
 * through GitHub's comparison of the two SHAs; the verdict lands as the check run on `head_sha`,
 * with no review and no comment (there is no pull request to post to); the job summary names the
 * pull request of the group; and with the result cache, what the pull request's run reviewed costs
 * nothing again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isWriteRequest } from '../doubles/fake-github';
import type { FakeFile, FakeGitHub, FakeMergeGroup } from '../doubles/fake-github';
import type { PullRequestFixture } from '../doubles/run-action';
import type { RunningSimulator } from '../doubles/simulator';
import { useAction } from './harness';
import { NUMBER, addedFile, fixtureOf, ownComments } from './thread-fixtures';
import { mergeGroupEvent } from '../support/merge-group-event';
import { commitTrees } from '../support/git-trees';
import { tempRepo } from '../cli/bundled';

const { demo, servers, runAgainst } = useAction();
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const GROUP_BASE = 'b0'.repeat(20);
const GROUP_HEAD = 'c1'.repeat(20);

/** A file the simulator finds nothing in. */
function cleanFile(filename: string, value: number): FakeFile {
  const content = `VALUE_${value} = ${value}\n`;
  return { filename, status: 'added', content, patch: `@@ -0,0 +1 @@\n+${content.trimEnd()}`, additions: 1 };
}

function group(files: FakeFile[]): FakeMergeGroup {
  return { baseSha: GROUP_BASE, headSha: GROUP_HEAD, files };
}

async function runGroup(
  simulator: RunningSimulator,
  github: FakeGitHub,
  inputs: Record<string, string> = {},
  env: Record<string, string> = {},
  shas = { base: GROUP_BASE, head: GROUP_HEAD },
  pull: { fixture: PullRequestFixture; number: number } = { fixture: demo, number: demo.number },
) {
  const before = simulator.requests.filter((r) => r.path === '/v1/agent/review').length;
  const event = mergeGroupEvent(shas.base, shas.head, pull.fixture, pull.number);
  const result = await runAgainst(simulator, github, pull.fixture, inputs, { eventName: 'merge_group', event, env });
  const reviews = simulator.requests.filter((r) => r.path === '/v1/agent/review').length - before;
  return { ...result, reviews };
}

/** Nothing was posted to a pull request: no review, no comment, no write of any kind to one. */
function expectNothingPostedToAPullRequest(github: FakeGitHub): void {
  expect(github.reviews).toEqual([]);
  expect(github.reviewComments).toEqual([]);
  expect(github.issueComments).toEqual([]);
  // A GraphQL query reads (what the files' paths hold, say); a mutation would write.
  expect(github.requests.filter((r) => isWriteRequest(r) && /\/pulls|\/issues|\/graphql/.test(r.path))).toEqual([]);
}

describe('a merge group through the GitHub API', () => {
  it('fails the check run on head_sha for an error finding, reviewing the comparison of the two SHAs, with no review or comment', async () => {
    const { simulator, github } = await servers({ github: { mergeGroups: [group(demo.files)] } });
    const result = await runGroup(simulator, github);

    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '5' });
    expect(github.checkRuns).toHaveLength(1);
    expect(github.checkRuns[0]).toMatchObject({ name: 'review-gate', head_sha: GROUP_HEAD, conclusion: 'failure' });
    expect(github.checkRuns[0]?.output.title).toMatch(/^Failed: \d+ error findings? on added lines/);
    expect(github.checkRuns[0]?.annotations.some((a) => a.path === 'src/app.py' && a.annotation_level === 'failure')).toBe(true);
    // The SHAs, never a branch name.
    expect(github.requests.filter((r) => r.path.includes('/compare/')).map((r) => r.path)).toEqual([
      `/repos/${demo.owner}/${demo.repo}/compare/${GROUP_BASE}...${GROUP_HEAD}`,
    ]);
    expectNothingPostedToAPullRequest(github);
    expect(result.stepSummary).toMatch(/^## ❌ Failed/);
    expect(result.stepSummary).toContain(`Merge group of #${demo.number}`);
    expect(result.stepSummary).toContain(`${GROUP_BASE.slice(0, 12)}...${GROUP_HEAD.slice(0, 12)}`);
    expect(result.stepSummary).not.toContain('Dry run');
  });

  it('passes a clean merge group: success on head_sha, exit 0', async () => {
    const { simulator, github } = await servers({ github: { mergeGroups: [group([cleanFile('src/a.py', 1), cleanFile('src/b.py', 2)])] } });
    const result = await runGroup(simulator, github);

    expect(result.exitCode).toBe(0);
    expect(result.reviews).toBe(2);
    expect(result.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '2' });
    expect(github.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[GROUP_HEAD, 'success']]);
    expectNothingPostedToAPullRequest(github);
  });

  it('judges the group by the policy file at base_sha', async () => {
    const lenient = { ...group(demo.files), baseFiles: { '.github/review-gate.yml': 'fail-on-severity: never\n' } };
    const { simulator, github } = await servers({ github: { mergeGroups: [lenient] } });
    const result = await runGroup(simulator, github);

    expect(result.exitCode).toBe(0);
    expect(github.requests.filter((r) => decodeURIComponent(r.path).endsWith('/contents/.github/review-gate.yml')).map((r) => r.query.ref)).toEqual([GROUP_BASE]);
    expect(github.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[GROUP_HEAD, 'success']]);
  });

  it('fails closed, before any review request, when the comparison lists 300 files: GitHub lists no more, so the checkout is the way', async () => {
    const many = Array.from({ length: 301 }, (_, i) => cleanFile(`src/f${i}.py`, i));
    const { simulator, github } = await servers({ github: { mergeGroups: [group(many)] } });
    const result = await runGroup(simulator, github);

    expect(result.exitCode).toBe(1);
    expect(result.reviews).toBe(0);
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs.reasons).toMatch(/GitHub's comparison of .* lists at most 300 changed files.*fetch-depth: 0/);
    expect(github.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[GROUP_HEAD, 'failure']]);
  });

  it('costs 0 review requests with a warm cache: the pull request\'s run reviewed the same contents', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'review-gate-e2e-queue-cache-'));
    folders.push(cacheDir);
    const { simulator, github } = await servers({ github: { mergeGroups: [group(demo.files)] } });
    const pull = await runAgainst(simulator, github, demo, { 'cache-dir': cacheDir });
    const queued = await runGroup(simulator, github, { 'cache-dir': cacheDir });

    expect(pull.outputs['files-reviewed']).toBe('5');
    expect(queued.reviews).toBe(0);
    expect(queued.outputs).toEqual(pull.outputs);
    expect(queued.stepSummary).toContain('5 files reviewed (5 from the cache)');
    expect(github.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([
      [demo.headSha, 'failure'],
      [GROUP_HEAD, 'failure'],
    ]);
  });
});

describe('the dismissals of the pull request in a merge group', () => {
  const HANDLER = ['import json', '', '', 'def handle(raw):', '    data = json.loads(raw)', '    return eval(data["expr"])'];
  const fixture = fixtureOf([addedFile('src/handler.py', HANDLER)]);

  it("count in the group the queue branch names: a writer's dismissal on the pull request passes its merge group, and nothing is posted", async () => {
    const { simulator, github } = await servers({ fixture: structuredClone(fixture), github: { mergeGroups: [group([addedFile('src/handler.py', HANDLER)])] } });
    const first = await runAgainst(simulator, github, fixture);
    expect(first.exitCode).toBe(1);
    const [comment] = ownComments(github);
    github.addReply(NUMBER, comment?.id ?? 0, '/review-gate dismiss input is validated upstream', { login: 'mona', association: 'MEMBER', permission: 'write' });
    const written = { reviews: github.reviews.length, comments: github.reviewComments.length, issueComments: github.issueComments.length };

    const queued = await runGroup(simulator, github, {}, {}, undefined, { fixture, number: NUMBER });
    const elsewhere = await runGroup(simulator, github, {}, {}, undefined, { fixture, number: NUMBER + 1 });

    expect(queued.exitCode).toBe(0);
    expect(queued.outputs).toMatchObject({ result: 'passed', errors: '0' });
    expect(queued.stepSummary.replaceAll('\u200B', '')).toContain('dismissed by @mona: input is validated upstream');
    expect({ reviews: github.reviews.length, comments: github.reviewComments.length, issueComments: github.issueComments.length }).toEqual(written);
    // A group whose queue branch names another pull request reads no such dismissal: the finding counts.
    expect(elsewhere.exitCode).toBe(1);
    // Each run marks and completes a check run of its own: the newest, which decides, is the second's.
    expect(github.checkRuns.filter((c) => c.head_sha === GROUP_HEAD).map((c) => [c.status, c.conclusion])).toEqual([['completed', 'success'], ['completed', 'failure']]);
  });
});

/** The queue's commit on top of main, as a real repository written by one `git fast-import`: `base` is main, `head` the merge group. */
function queueRepo(files: Record<string, string>): { repo: string; base: string; head: string } {
  const { dir } = tempRepo('review-gate-e2e-queue-');
  folders.push(dir);
  const [base = '', head = ''] = commitTrees(dir, 'main', [{ 'README.md': '# shop\n' }, { 'README.md': '# shop\n', ...files }]);
  return { repo: dir, base, head };
}

describe('a merge group from a checkout holding both commits', () => {
  const contents = (fixture: PullRequestFixture) => Object.fromEntries(fixture.files.filter((f) => f.content !== undefined).map((f) => [f.filename, f.content as string]));

  it('reads the files from git, none through the API, and fails the check run on head_sha for an error finding', async () => {
    const { repo, base, head } = queueRepo(contents(demo));
    const { simulator, github } = await servers({ github: { mergeGroups: [{ baseSha: base, headSha: head, files: [] }] } });
    const result = await runGroup(simulator, github, {}, { GITHUB_WORKSPACE: repo }, { base, head });

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`Changed files, patches and contents: from the checkout (git diff ${base.slice(0, 12)}...${head.slice(0, 12)}), none through the GitHub API.`);
    expect(github.requests.filter((r) => r.method === 'GET' && /\/compare\/|\/git\/blobs\//.test(r.path))).toEqual([]);
    expect(github.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[head, 'failure']]);
    expectNothingPostedToAPullRequest(github);
  });

  it('passes a clean merge group with success on head_sha', async () => {
    const { repo, base, head } = queueRepo({ 'src/a.py': 'VALUE = 1\n' });
    const { simulator, github } = await servers({ github: { mergeGroups: [{ baseSha: base, headSha: head, files: [] }] } });
    const result = await runGroup(simulator, github, {}, { GITHUB_WORKSPACE: repo }, { base, head });

    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '1' });
    expect(github.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[head, 'success']]);
  });
});
