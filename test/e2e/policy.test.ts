/**
 * End to end, the action with a policy file, `.github/review-gate.yml`, read at the
 * pull request's base commit — through the contents API, or from a checkout holding that commit —
 * never at its head: rules hold paths to their own bar, each file's review request carries its
 * own focus areas, a pull request that relaxes the policy is still judged by the base's, and an
 * invalid policy stops the run before any review request, naming the file, the line, the key and
 * the value.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { POLICY_PATH } from '../../src/config/policy/keys';
import type { FakeGitHub } from '../doubles/fake-github';
import { fakePullOf } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import type { RunningSimulator } from '../doubles/simulator';
import { useAction } from './harness';
import { addedFile, fixtureOf } from './thread-fixtures';

const { servers, runAgainst } = useAction();
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A monorepo's policy: src/ at 60 and no error; legacy/ never fails on findings or score; api/ asked about security only. */
const POLICY = [
  '# review-gate policy',
  'min-score: 60',
  'focus-areas: [security, best_practices]',
  'rules:',
  '  - paths: legacy/**',
  '    fail-on-severity: never',
  '    min-score: 0',
  '  - paths: [api/**]',
  '    focus-areas: security',
  '',
].join('\n');

const EVAL = ['def run(rule):', '    return eval(rule)'];
const CLEAN = ['VALUE = 1'];
/** A legacy file the simulator scores 40: an eval() (error), a bare except (warning) and more. */
const LEGACY = ['def run(rule):', '    try:', '        return eval(rule)', '    except:', '        return None'];

const reviews = (simulator: RunningSimulator) => simulator.requests.filter((r) => r.path === '/v1/agent/review');

async function withPolicy(fixture: PullRequestFixture, policy: string | undefined) {
  const pull = { ...fakePullOf(fixture), ...(policy === undefined ? {} : { baseFiles: { [POLICY_PATH]: policy } }) };
  return servers({ fixture, github: { pulls: [pull] } });
}

describe('a policy file read at the base commit through the API', () => {
  it('holds legacy/** to a lower bar, so its error passes, while the same error in src/ fails, and the summary names the rule', async () => {
    const lenient = fixtureOf([addedFile('legacy/billing.py', LEGACY), addedFile('src/app.py', CLEAN)]);
    const passing = await withPolicy(lenient, POLICY);
    const passed = await runAgainst(passing.simulator, passing.github, lenient);

    expect(passed.exitCode).toBe(0);
    expect(passed.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '2' });
    expect(passed.stdout).toMatch(/Policy \.github\/review-gate\.yml at 000000000000 \(the base commit, read through the GitHub API\): sets min-score, focus-areas; 2 rules\./);
    expect(passed.stepSummary).toContain('### Policy');
    expect(passed.stepSummary).toContain('Files a rule decided (1):');
    expect(passed.stepSummary).toMatch(/- `legacy\/billing\.py` — fail-on-severity never, min-score 0 by rule 1 \(`legacy\/\*\*`\)/);
    expect(passing.github.requests.filter((r) => decodeURIComponent(r.path).endsWith('/contents/.github/review-gate.yml')).map((r) => r.query.ref)).toEqual(['0'.repeat(40)]);

    const strict = fixtureOf([addedFile('legacy/billing.py', LEGACY), addedFile('src/app.py', EVAL)]);
    const failing = await withPolicy(strict, POLICY);
    const failed = await runAgainst(failing.simulator, failing.github, strict);

    expect(failed.exitCode).toBe(1);
    expect(failed.outputs.reasons).toBe('1 error finding on added lines (fail-on-severity: error)');
    expect(failing.github.checkRuns.map((c) => c.conclusion)).toEqual(['failure']);
  });

  it('sends each file the focus areas its rules give it', async () => {
    const file = (path: string) => addedFile(path, [`# ${path}`, ...EVAL]);
    const fixture = fixtureOf([file('api/handler.py'), file('src/app.py'), file('legacy/billing.py')]);
    const { simulator, github } = await withPolicy(fixture, POLICY);
    await runAgainst(simulator, github, fixture);

    const sent = reviews(simulator).map((r) => JSON.parse(r.body ?? '{}') as { code: string; focus_areas?: string[] });
    // Each file, and each again with its comment blanked (injection-check), which keeps its focus areas.
    expect(sent).toHaveLength(6);
    expect(new Set(sent.filter((body) => body.code.startsWith('#  ')).map((body) => JSON.stringify(body.focus_areas)))).toEqual(
      new Set([JSON.stringify(['security']), JSON.stringify(['security', 'best_practices'])]),
    );
    const byCode = (path: string) => sent.find((body) => body.code === fixture.files.find((f) => f.filename === path)?.content);
    expect(byCode('api/handler.py')?.focus_areas).toEqual(['security']);
    expect(byCode('src/app.py')?.focus_areas).toEqual(['security', 'best_practices']);
    expect(byCode('legacy/billing.py')?.focus_areas).toEqual(['security', 'best_practices']);
  });

  it('judges a pull request that relaxes the policy by the base\'s, and says the edit applies once merged', async () => {
    const relaxed = 'min-score: 0\nfail-on-severity: never\n';
    const fixture = fixtureOf([addedFile('src/app.py', EVAL), { ...addedFile(POLICY_PATH, relaxed.trimEnd().split('\n')), status: 'modified' }]);
    const { simulator, github } = await withPolicy(fixture, 'min-score: 90\n');
    const result = await runAgainst(simulator, github, fixture);

    expect(result.exitCode).toBe(1);
    expect(result.outputs.reasons).toMatch(/^1 error finding on added lines \(fail-on-severity: error\)\nquality score \d+ of src\/app\.py is below min-score 90$/);
    expect(result.stepSummary).toContain('⚠️ This pull request edits `.github/review-gate.yml`: the edit applies once it is merged.');
  });

  it('stops an invalid policy before any review request, failing the check with the file, the lines, the keys and the values', async () => {
    const fixture = fixtureOf([addedFile('src/app.py', CLEAN)]);
    const { simulator, github } = await withPolicy(fixture, 'min-score: 150\nrules:\n  - paths: "[z-a]"\n    exclude: vendor/**\n');
    const result = await runAgainst(simulator, github, fixture);

    expect(result.exitCode).toBe(1);
    expect(reviews(simulator)).toHaveLength(0);
    const expected = [
      'The policy file .github/review-gate.yml at 000000000000 is invalid, so nothing was reviewed (3 problems):',
      "- line 1: Invalid min-score '150'. Expected a whole number from 0 to 100",
      "- line 3: Invalid rules[1].paths glob '[z-a]': range out of order in character class. Expected a glob such as src/** or *.py; escape a literal bracket as \\[",
      "- line 4: Unknown key 'exclude' in rules[1]. A rule sets paths and any of: focus-areas, fail-on-severity, min-score, gate-scope, comment-severity, injection-check",
    ].join('\n');
    expect(result.outputs).toMatchObject({ result: 'failed', reasons: expected });
    expect(github.checkRuns).toHaveLength(1);
    expect(github.checkRuns[0]?.conclusion).toBe('failure');
    expect(github.checkRuns[0]?.output.summary).toContain("line 1: Invalid min-score '150'");
    expect(github.reviews).toEqual([]);
  });
});

/** A pull request as a repository: the base commit holds `basePolicy`; the head edits it to `headPolicy` and adds `files`. */
function repoWithPolicy(basePolicy: string, headPolicy: string, files: Record<string, string>): { repo: string; base: string; head: string } {
  const repo = mkdtempSync(join(tmpdir(), 'review-gate-e2e-policy-'));
  folders.push(repo);
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' }).trim();
  const write = (all: Record<string, string>): void => {
    for (const [path, content] of Object.entries(all)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), content);
    }
  };
  const commit = (): string => {
    git('add', '-A');
    git('commit', '-q', '-m', 'commit');
    return git('rev-parse', 'HEAD');
  };
  git('init', '-q', '-b', 'main');
  write({ [POLICY_PATH]: basePolicy, 'README.md': '# shop\n' });
  const base = commit();
  write({ [POLICY_PATH]: headPolicy, ...files });
  // The head is checked out: the policy on disk is the pull request's, which must not count.
  return { repo, base, head: commit() };
}

describe('a policy file read at the base commit from the checkout', () => {
  async function run(repo: { repo: string; base: string; head: string }, github: FakeGitHub, simulator: RunningSimulator, fixture: PullRequestFixture) {
    const event = {
      action: 'synchronize',
      number: fixture.number,
      pull_request: { number: fixture.number, head: { sha: repo.head, repo: { full_name: `${fixture.owner}/${fixture.repo}` } }, base: { sha: repo.base, repo: { full_name: `${fixture.owner}/${fixture.repo}` } } },
    };
    return runAgainst(simulator, github, fixture, {}, { event, env: { GITHUB_WORKSPACE: repo.repo } });
  }

  it('reads git\'s base commit, not the relaxed file the pull request checked out, and reads nothing through the API', async () => {
    const pull = repoWithPolicy('min-score: 90\n', 'min-score: 0\nfail-on-severity: never\n', { 'src/app.py': `${EVAL.join('\n')}\n` });
    const fixture = { ...fixtureOf([addedFile('src/app.py', EVAL)], pull.head), baseSha: pull.base };
    const { simulator, github } = await servers({ fixture });
    const result = await run(pull, github, simulator, fixture);

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`Policy .github/review-gate.yml at ${pull.base.slice(0, 12)} (the base commit, read through git): sets min-score; 0 rules.`);
    expect(result.outputs.reasons).toMatch(/below min-score 90$/);
    expect(result.stepSummary).toContain('⚠️ This pull request edits `.github/review-gate.yml`');
    expect(github.requests.filter((r) => r.path.includes('/contents/'))).toEqual([]);
  });

  it('stops an invalid base policy before any review request', async () => {
    const pull = repoWithPolicy('fail-on-severity: sometimes\n', 'fail-on-severity: error\n', { 'src/app.py': 'VALUE = 1\n' });
    const fixture = { ...fixtureOf([addedFile('src/app.py', CLEAN)], pull.head), baseSha: pull.base };
    const { simulator, github } = await servers({ fixture });
    const result = await run(pull, github, simulator, fixture);

    expect(result.exitCode).toBe(1);
    expect(reviews(simulator)).toHaveLength(0);
    expect(result.outputs.reasons).toBe(
      `The policy file .github/review-gate.yml at ${pull.base.slice(0, 12)} is invalid, so nothing was reviewed: line 1: Invalid fail-on-severity 'sometimes'. Expected one of: error, warning, info, never`,
    );
  });
});
