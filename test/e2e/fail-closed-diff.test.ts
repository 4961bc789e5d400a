/**
 * End to end, what the diff shows and every list GitHub sends: the action and the terminal command
 * (both in this process: what they read of a diff is the point, not their process) against the
 * service simulator, the fake GitHub and real git repositories.
 *
 * - A file whose base and head blobs differ is never a pure rename: without a readable patch,
 *   the whole file counts (diff unknown), through the API and through a checkout alike.
 * - Nothing the pull request commits (`.gitattributes`) changes how the diff is read.
 * - A dotfile named `.js` is JavaScript.
 * - A list GitHub sends is read once per entry; a null or malformed entry, or two entries of one
 *   file that disagree, fail the check with a message naming the list, the page and the position.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { fakePullOf, GITHUB_TOKEN } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import type { FakeGitHub, FakeGitHubOptions } from '../doubles/fake-github';
import { serviceEnv, tempRepo } from '../cli/bundled';
import { runCliInProcess } from '../cli/in-process';
import { buildPullRequestRepo } from '../support/git-pull-request';
import type { RepoWriter } from '../support/git-pull-request';
import { useAction } from './harness';
import { added } from '../support/fixture-files';
import type { FixtureFile } from '../support/fixture-files';

const { demo, servers, closeAfterTest, run: runAction } = useAction();

/** The file before the pull request, under its old name. */
const HELPERS = "function greet(name) {\n  return 'hi ' + name;\n}\nmodule.exports = { greet };\n";
/** The same file renamed, with a NUL in a comment (so git and GitHub call it binary) and eval() added on line 6. */
const GREET_WITH_EVAL = `// \0 git and GitHub show this file as binary\n${HELPERS}eval(process.argv[2]);\n`;

/** A rename as GitHub lists one it has no patch for (a pure rename, or a file it shows as binary): 0 lines, no patch. */
function renamedWithoutPatch(filename: string, previous: string, content: string): FixtureFile {
  return { filename, previous_filename: previous, status: 'renamed', contentBase64: Buffer.from(content).toString('base64'), additions: 0, deletions: 0 };
}

interface RunOptions {
  /** Contents at the base (and merge base) commit, by path. */
  baseFiles?: Record<string, string>;
  github?: Partial<FakeGitHubOptions>;
  /** Called with the fake GitHub before the run (to make a route fail). */
  beforeRun?: (github: FakeGitHub) => void;
  env?: Record<string, string>;
  headSha?: string;
  baseSha?: string;
}

async function runOn(files: FixtureFile[], options: RunOptions = {}) {
  const fixture: PullRequestFixture = { ...demo, files, ...(options.headSha === undefined ? {} : { headSha: options.headSha }), ...(options.baseSha === undefined ? {} : { baseSha: options.baseSha }) };
  const pull = { ...fakePullOf(fixture), ...(options.baseFiles === undefined ? {} : { baseFiles: options.baseFiles }) };
  const { simulator, github } = await servers({ fixture, github: { pulls: [pull], ...options.github } });
  options.beforeRun?.(github);
  const result = await runAction({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN },
    githubApiUrl: github.url,
    fixture,
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  return { ...result, simulator, github, fixture };
}

const reviewRequests = (simulator: RunningSimulator) => simulator.requests.filter((r) => r.path === '/v1/agent/review');
const checkRun = (github: FakeGitHub) => github.checkRuns.at(-1);

/** A pull request as a real repository, checked out at its head as a job's checkout is. */
function pullRequestRepo(base: Record<string, string | Buffer>, change: (repo: RepoWriter) => void) {
  const built = buildPullRequestRepo({ prefix: 'review-gate-diff-', base, change, mainMovesOn: { 'README.md': '# main moves on\n' } });
  closeAfterTest({ close: () => Promise.resolve(rmSync(built.repo, { recursive: true, force: true })) });
  // The pull request's own files (its .gitattributes) in the working tree.
  built.git('checkout', '-q', built.head);
  return { dir: built.repo, head: built.head, base: built.base };
}

/** `review-gate --format json ARGS` in `dir`: the findings as `path:line:location`, the result and the exit status. */
async function terminalFindings(simulator: RunningSimulator, dir: string, args: string[]) {
  const run = await runCliInProcess(['--format', 'json', ...args], { cwd: dir, env: serviceEnv(simulator.url) });
  const report = JSON.parse(run.out) as { result: string; findings: Array<{ source: string; path: string; line: number; location: string }> };
  return { findings: report.findings.map((f) => `${f.source} ${f.path}:${f.line}:${f.location}`), result: report.result, code: run.code };
}

describe('a renamed file whose content changed is never a pure rename (item 1)', () => {
  it('through the API: fails the check for eval() added to a renamed file GitHub shows as binary (0 lines, no patch)', async () => {
    const run = await runOn([renamedWithoutPatch('web/greet.js', 'web/helpers.js', GREET_WITH_EVAL)], { baseFiles: { 'web/helpers.js': HELPERS } });

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '1' });
    expect(run.outputs.reasons).toMatch(/1 error finding/);
    expect(run.stepSummary).toContain('`web/greet.js:6`');
    expect(checkRun(run.github)).toMatchObject({ head_sha: run.fixture.headSha, conclusion: 'failure' });
  });

  it('through the API: a renamed file whose base version cannot be looked up counts whole (fail closed), and the log says why', async () => {
    const run = await runOn([renamedWithoutPatch('web/greet.js', 'web/helpers.js', GREET_WITH_EVAL)], {
      baseFiles: { 'web/helpers.js': HELPERS },
      beforeRun: (github) => github.failNext({ method: 'GET', path: /\/compare\// }, { status: 404, body: { message: 'Not Found' } }),
    });

    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('failed');
    expect(run.stdout).toMatch(/::warning::.*web\/greet\.js.*could not be compared with its base version.*diff unknown/);
  });

  it('through the API: still passes a true pure rename (identical blobs), whose old eval() is not added by the pull request', async () => {
    const moved = `${HELPERS}eval(process.argv[2]);\n`;
    const run = await runOn([renamedWithoutPatch('web/greet.js', 'web/helpers.js', moved), added('src/ok.py', 'x = 1\n')], { baseFiles: { 'web/helpers.js': moved } });

    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '2' });
    // greet.js again with its comments and strings blanked (injection-check); ok.py holds no text.
    expect(reviewRequests(run.simulator)).toHaveLength(3);
    // One comparison and one object lookup for the one file that needed the proof (the contents
    // come in their own queries, and so does who the token is, asked when the summary is found again).
    expect(run.github.requests.filter((r) => /\/compare\//.test(r.path))).toHaveLength(1);
    const query = (r: { body?: unknown }) => String((r.body as { query?: unknown } | undefined)?.query);
    expect(run.github.requests.filter((r) => r.path === '/graphql' && !query(r).includes('on Blob') && !query(r).includes('viewer'))).toHaveLength(1);
    expect(checkRun(run.github)?.conclusion).toBe('success');
  });

  it('through a checkout: fails the check for eval() added to a renamed file git shows as binary', async () => {
    const repo = pullRequestRepo({ 'web/helpers.js': HELPERS }, ({ git, write }) => {
      git('mv', 'web/helpers.js', 'web/greet.js');
      write({ 'web/greet.js': GREET_WITH_EVAL });
    });
    const run = await runOn([renamedWithoutPatch('web/greet.js', 'web/helpers.js', GREET_WITH_EVAL)], { headSha: repo.head, baseSha: repo.base, env: { GITHUB_WORKSPACE: repo.dir } });

    expect(run.stdout).toContain('from the checkout (git diff');
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('failed');
    expect(run.stepSummary).toContain('`web/greet.js:6`');
    expect(checkRun(run.github)?.conclusion).toBe('failure');
  });

  it('through a checkout: still passes a true pure rename', async () => {
    const moved = `${HELPERS}eval(process.argv[2]);\n`;
    const repo = pullRequestRepo({ 'web/helpers.js': moved }, ({ git }) => git('mv', 'web/helpers.js', 'web/greet.js'));
    const run = await runOn([renamedWithoutPatch('web/greet.js', 'web/helpers.js', moved)], { headSha: repo.head, baseSha: repo.base, env: { GITHUB_WORKSPACE: repo.dir } });

    expect(run.stdout).toContain('from the checkout (git diff');
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '1' });
  });
});

describe('nothing the pull request commits changes how the diff is read (item 1)', () => {
  const appBase = 'def run(rule):\n    return rule\n';
  const appHead = 'def run(rule):\n    return rule\n\n\ndef unsafe(rule):\n    return eval(rule)\n';

  it('through a checkout: a committed .gitattributes (-diff, binary) neither hides a renamed file\'s eval() nor a modified file\'s patch', async () => {
    const repo = pullRequestRepo({ 'web/helpers.js': HELPERS, 'src/app.py': appBase }, ({ git, write }) => {
      write({ '.gitattributes': '*.js -diff\n*.py binary\n' });
      git('mv', 'web/helpers.js', 'web/greet.js');
      write({ 'web/greet.js': `${HELPERS}eval(process.argv[2]);\n`, 'src/app.py': appHead });
    });
    // GitHub's view, where the review's comments land: both files with their text patch.
    const app = { filename: 'src/app.py', status: 'modified', content: appHead, additions: 4, deletions: 0, patch: '@@ -1,2 +1,6 @@\n def run(rule):\n     return rule\n+\n+\n+def unsafe(rule):\n+    return eval(rule)' };
    const greet = { filename: 'web/greet.js', previous_filename: 'web/helpers.js', status: 'renamed', content: `${HELPERS}eval(process.argv[2]);\n`, additions: 1, deletions: 0, patch: '@@ -4 +4,2 @@\n module.exports = { greet };\n+eval(process.argv[2]);' };
    const run = await runOn(
      [{ filename: '.gitattributes', status: 'added', content: '*.js -diff\n*.py binary\n', additions: 2 }, app, greet],
      { headSha: repo.head, baseSha: repo.base, env: { GITHUB_WORKSPACE: repo.dir } },
    );

    expect(run.stdout).toContain('from the checkout (git diff');
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '2' });
    expect(run.outputs.reasons).toMatch(/2 error findings on added lines/);
    // Read as text: both findings sit on added lines and get their inline comment.
    expect(run.github.reviewComments.map((c) => `${c.path}:${c.line}`).sort()).toEqual(['src/app.py:6', 'web/greet.js:5']);
  });

  /**
   * For the terminal: web/helpers.js on main, then a .gitattributes saying `attributes`, the file
   * renamed and eval() added on its line 5 — committed on a branch `feature`, or staged on main.
   */
  async function renamedWithEval(attributes: string, on: 'a branch' | 'the index') {
    const { simulator } = await servers();
    const repo = tempRepo();
    closeAfterTest({ close: () => Promise.resolve(repo.remove()) });
    repo.write('web/helpers.js', HELPERS);
    repo.commit('base');
    if (on === 'a branch') repo.git('checkout', '-q', '-b', 'feature');
    repo.write('.gitattributes', `${attributes}\n`);
    repo.git('mv', 'web/helpers.js', 'web/greet.js');
    repo.write('web/greet.js', `${HELPERS}eval(process.argv[2]);\n`);
    if (on === 'a branch') repo.commit('rename and add eval');
    else repo.git('add', '-A');
    return (args: string[]) => terminalFindings(simulator, repo.dir, args);
  }
  // The simulator's issue for eval(), and its security flag on the same line.
  const EVAL_FOUND = { findings: ['issue web/greet.js:5:added-line', 'security-flag web/greet.js:5:added-line'], result: 'failed', code: 1 };

  it('in the terminal: a branch that commits .gitattributes (*.js -diff) does not hide eval() added to a renamed file', async () => {
    const review = await renamedWithEval('*.js -diff', 'a branch');
    for (const args of [['--base', 'main'], ['main...feature']]) expect(await review(args), args.join(' ')).toEqual(EVAL_FOUND);
  });

  it('in the terminal: .gitattributes in the working tree does not hide eval() in a staged or unstaged rename', async () => {
    const review = await renamedWithEval('*.js binary', 'the index');
    for (const args of [[], ['--staged']]) expect(await review(args), args.join(' ')).toEqual(EVAL_FOUND);
  });
});

describe('files Node, Python, Go or Rust would run are reviewed (item 12)', () => {
  it('reviews lib/.js, which require("./lib/.js") runs, and fails the check for its eval()', async () => {
    const run = await runOn([added('lib/.js', 'module.exports = (x) => eval(x);\n'), added('.py', 'print(eval(input()))\n')]);

    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '2', 'files-skipped': '0' });
    expect(reviewRequests(run.simulator)).toHaveLength(2);
    expect(run.exitCode).toBe(1);
  });
});

describe('every list from GitHub is read once per entry, and refused when malformed (items 13 and 16)', () => {
  /** More files than one page of the list holds (the action asks for 30 a page). */
  const files = Array.from({ length: 35 }, (_, i) => added(`src/f${i}.py`, `x${i} = ${i}\n`));
  /** Serves the file list as `pages(entries)` instead of GitHub's usual pages. */
  const fileList = (pages: (items: unknown[]) => unknown[][]): Partial<FakeGitHubOptions> => ({
    listPages: ({ path, items }) => (path.endsWith('/files') ? pages(items) : undefined),
  });

  it('reviews a file repeated across the pages of the file list once', async () => {
    // A file added before the cursor while the list is paged shifts the 30th file onto page 2 too.
    const run = await runOn(files, { github: fileList((items) => [items.slice(0, 30), items.slice(29)]) });

    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '35' });
    expect(reviewRequests(run.simulator)).toHaveLength(35);
  });

  it('fails the check with a clear message, and no review, for a null entry in the file list', async () => {
    const run = await runOn(files, { github: fileList((items) => [items.slice(0, 30), [items[30], null, ...items.slice(31)]]) });

    const message = "GitHub's list of the files of acme/shop#42 has a null entry (page 2, position 2)";
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('failed');
    expect(run.outputs.reasons).toContain(message);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/TypeError|Cannot read properties/);
    expect(reviewRequests(run.simulator)).toHaveLength(0);
    expect(checkRun(run.github)).toMatchObject({ head_sha: run.fixture.headSha, conclusion: 'failure' });
    expect(checkRun(run.github)?.output.title).toContain(message);
  });

  it('fails the check, naming the field, for an entry of the wrong shape', async () => {
    const run = await runOn(files, { github: fileList((items) => [[items[0], { ...(items[1] as object), filename: 42 }, ...items.slice(2, 30)], items.slice(30)]) });

    expect(run.exitCode).toBe(1);
    expect(run.outputs.reasons).toContain("GitHub's list of the files of acme/shop#42 has a malformed entry (page 1, position 2): filename is not a string (got 42)");
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/TypeError/);
    expect(reviewRequests(run.simulator)).toHaveLength(0);
    expect(checkRun(run.github)?.conclusion).toBe('failure');
  });

  it('fails the check when two entries of one file disagree: the list changed while it was read', async () => {
    const pushed = (entry: unknown) => ({ ...(entry as Record<string, unknown>), sha: 'c'.repeat(40), patch: '@@ -0,0 +1 @@\n+x0 = eval(y)' });
    const run = await runOn(files, { github: fileList((items) => [items.slice(0, 30), [pushed(items[0]), ...items.slice(30)]]) });

    expect(run.exitCode).toBe(1);
    expect(run.outputs.reasons).toContain(
      "GitHub's list of the files of acme/shop#42 changed while it was read: 'src/f0.py' is at page 1, position 1 and again at page 2, position 1, with another sha, patch",
    );
    expect(reviewRequests(run.simulator)).toHaveLength(0);
    expect(checkRun(run.github)?.conclusion).toBe('failure');
  });

  it('ends a file list whose pages never end, failing the check instead of reviewing the same files again and again', async () => {
    const run = await runOn(files, { github: fileList((items) => Array.from({ length: 1000 }, () => items.slice(0, 30))) });

    expect(run.exitCode).toBe(1);
    expect(run.outputs.reasons).toMatch(/GitHub's list of the files of acme\/shop#42 did not end after \d+ pages/);
    // The first page, tied to the head, may have gone out while the list was read: each file once, at most.
    const sent = reviewRequests(run.simulator).map((r) => JSON.stringify(r.body));
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent.length).toBeLessThanOrEqual(30);
    expect(run.github.reviews).toEqual([]);
    expect(run.github.requests.filter((r) => r.path.endsWith('/files')).length).toBeLessThan(200);
  });

  it('keeps its inline comment and its summary comment when GitHub lists each of them twice', async () => {
    // Every list of comments and reviews that has entries is served as two identical pages.
    const listPages: FakeGitHubOptions['listPages'] = ({ path, items }) => (/\/(comments|reviews)$/.test(path) && items.length > 0 ? [items, items] : undefined);
    const file = added('src/app.py', 'def run(rule):\n    return eval(rule)\n');
    const first = await runOn([file], { github: { listPages } });
    const again = await runAction({
      inputs: { 'api-key': DEMO_KEY, 'api-url': first.simulator.url, 'github-token': GITHUB_TOKEN },
      githubApiUrl: first.github.url,
      fixture: first.fixture,
    });

    expect([first.exitCode, again.exitCode]).toEqual([1, 1]);
    expect(first.github.reviewComments.map((c) => `${c.path}:${c.line}`)).toEqual(['src/app.py:2']);
    expect(first.github.issueComments).toHaveLength(1);
    expect(first.github.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });
});
