/**
 * End to end: the action against the service simulator and a fake GitHub that enforces the diff
 * rule. Asserts what users and the two remote services see: requests, comments, outputs, the job
 * summary and the exit status. Two runs spawn the bundled dist/index.js as the Actions runner runs
 * it, where the process is the point: the whole demo (exit status, what reaches the real stdout
 * and stderr, no key among them) and file names that try to command the runner through the real
 * stdout. The others assert outputs, GitHub's writes and the summary, and run in this process.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractFingerprints } from '../../src/domain/markers';
import { DEMO_KEY } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { isWriteRequest } from '../doubles/fake-github';
import type { FakeGitHub } from '../doubles/fake-github';
import { runBundledAction } from '../doubles/run-action';
import type { PullRequestFixture, RunOptions } from '../doubles/run-action';
import { useAction } from './harness';
import type { ActionRunner } from './harness';

const { demo: fixture, servers, runAgainst } = useAction({ bundles: ['dist/index.js'] });

/** A run the process itself is the point of: dist/index.js spawned, as the runner runs it. */
const BUNDLED = { runner: runBundledAction };

function run(
  simulator: RunningSimulator,
  github: FakeGitHub,
  inputs: Record<string, string> = {},
  extra: Partial<RunOptions> & { runner?: ActionRunner } = {},
) {
  return runAgainst(simulator, github, extra.fixture ?? fixture, inputs, extra);
}

const reviewRequests = (simulator: RunningSimulator) => simulator.requests.filter((r) => r.path === '/v1/agent/review');
const writes = (github: FakeGitHub) => github.requests.filter(isWriteRequest);
const submittedReviews = (github: FakeGitHub) => github.reviews.filter((r) => r.event !== 'PENDING');

describe('the bundled action on a pull request', () => {
  it('reviews the five languages, comments on added lines, writes outputs and the summary, fails on errors, and never shows the API key', async () => {
    const { simulator, github } = await servers();
    const result = await run(simulator, github, {}, BUNDLED);

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/::error::review-gate failed: \d+ error findings? on added lines \(fail-on-severity: error\)/);

    // One review request per supported, changed, non-excluded file, each authenticated; and a second
    // (injection-check) for the four whose comments or strings hold text: lib.rs holds none.
    expect(reviewRequests(simulator).map((r) => [r.status, r.keyLabel])).toEqual(Array(9).fill([200, 'demo']));

    expect(result.outputs).toMatchObject({
      result: 'failed',
      'files-reviewed': '5',
      // docs/guide.md (language), legacy/old.py (removed), assets/logo.png (binary), web/package-lock.json (language)
      'files-skipped': '4',
      'files-failed': '0',
    });
    expect(Number(result.outputs.errors)).toBeGreaterThanOrEqual(2);
    expect(Number(result.outputs.score)).toBeLessThan(Number(result.outputs['average-score']));

    // One submitted review, every comment on a line the pull request adds, one summary comment.
    expect(submittedReviews(github)).toHaveLength(1);
    expect(github.reviews.filter((r) => r.event === 'PENDING')).toEqual([]);
    const addedLines = addedLinesOf(fixture);
    expect(github.reviewComments.length).toBeGreaterThanOrEqual(8);
    for (const comment of github.reviewComments) {
      expect(addedLines.get(comment.path)?.has(comment.line), `${comment.path}:${comment.line}`).toBe(true);
      expect(comment.side).toBe('RIGHT');
      expect(comment.commit_id).toBe(fixture.headSha);
    }
    expect(github.reviewComments.map((c) => `${c.path}:${c.line}`)).toEqual(
      expect.arrayContaining(['src/app.py:4', 'src/app.py:18', 'src/app.py:19', 'crates/core/src/lib.rs:13']),
    );
    expect(github.issueComments).toHaveLength(1);
    expect(github.issueComments[0]?.body.startsWith('<!-- review-gate:summary -->')).toBe(true);

    // The log shows each finding it posts as `path:line severity message`.
    expect(result.stdout).toMatch(/^src\/app\.py:18 error eval\(\)/m);
    // Annotations for findings on added lines.
    expect(result.stdout).toMatch(/^::error [^:]*file=src\/app\.py,line=4::/m);

    // The job summary: verdict first, then the per-file table, skipped files with reasons.
    expect(result.stepSummary.trimStart().startsWith('## ❌ Failed')).toBe(true);
    for (const path of ['src/app.py', 'web/handler.js', 'src/service.ts', 'cmd/server/main.go', 'crates/core/src/lib.rs']) {
      expect(result.stepSummary).toContain(path);
    }
    expect(result.stepSummary).toContain('legacy/old.py');

    // The API key never goes to GitHub, nor reaches the real stdout or stderr but in the runner's mask command.
    expect(JSON.stringify(github.requests)).not.toContain(DEMO_KEY);
    const printed = result.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    expect(printed + result.stderr + result.stepSummary).not.toContain(DEMO_KEY);
  });

  it('leaves one copy of each comment and one summary when the same run happens twice', async () => {
    const { simulator, github } = await servers();
    await run(simulator, github);
    const comments = github.reviewComments.map((c) => `${c.path}:${c.line}:${c.body}`);
    const second = await run(simulator, github);

    expect(second.exitCode).toBe(1);
    expect(github.reviewComments.map((c) => `${c.path}:${c.line}:${c.body}`)).toEqual(comments);
    expect(submittedReviews(github)).toHaveLength(1);
    expect(github.issueComments).toHaveLength(1);
    expect(github.requests.filter((r) => r.method === 'PATCH' && r.path.includes('/issues/comments/'))).toHaveLength(1);
  });

  it('falls back to annotations and the job summary when the token cannot write, and the gate still decides', async () => {
    const { simulator, github } = await servers({ github: { readOnly: true } });
    const result = await run(simulator, github);

    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(result.stdout).toMatch(/cannot write/);
    expect(result.stdout).toMatch(/^::error [^:]*file=src\/app\.py,line=\d+::/m);
    expect(result.stepSummary).toContain('## ❌ Failed');
    expect(result.stepSummary).toContain('Nothing was posted to the pull request (read-only token)');
    expect(github.reviewComments).toEqual([]);
    expect(github.issueComments).toEqual([]);
  });

  it('posts nothing in a dry run and prints what it would post', async () => {
    const { simulator, github } = await servers();
    const result = await run(simulator, github, { 'dry-run': 'true' });
    expect(writes(github)).toEqual([]);
    expect(result.stdout).toMatch(/Would post these inline comments \(dry run\)/);
    expect(result.stdout).toMatch(/^src\/app\.py:4 error/m);
    expect(result.stdout).toContain('<!-- review-gate:summary -->');
    expect(result.outputs.result).toBe('failed');
  });

  it('passes when only infos and warnings land on added lines', async () => {
    const { simulator, github } = await servers();
    const result = await run(simulator, github, { include: 'src/service.ts' });
    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', errors: '0', 'files-reviewed': '1' });
    expect(Number(result.outputs.warnings) + Number(result.outputs.infos)).toBeGreaterThan(0);
    expect(result.stepSummary.trimStart().startsWith('## ✅ Passed')).toBe(true);
  });

  it('fails on a quality score below min-score and names the file', async () => {
    const { simulator, github } = await servers();
    const result = await run(simulator, github, { include: 'src/service.ts', 'min-score': '95' });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/quality score \d+ of src\/service\.ts is below min-score 95/);
  });

  it('rejects bad inputs before any request, quoting every bad value', async () => {
    const { simulator, github } = await servers();
    const result = await run(simulator, github, { concurrency: 'zero', 'min-score': '150', 'focus-areas': 'security,speed' });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("Invalid concurrency 'zero'. Expected a whole number from 1 to 32.");
    expect(result.stdout).toContain("Invalid min-score '150'. Expected a whole number from 0 to 100.");
    expect(result.stdout).toContain("Invalid focus-areas entry 'speed'.");
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs.reasons?.split('\n')).toHaveLength(3);
    expect(simulator.requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });

  it('stops at the daily limit, marks the files not reviewed and fails with on-incomplete fail', async () => {
    const { simulator, github } = await servers();
    simulator.inject({ kind: 'daily_limit', times: 100 });
    const result = await run(simulator, github, { concurrency: '2' });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ 'files-reviewed': '0', 'files-failed': '5' });
    expect(reviewRequests(simulator).length).toBeLessThanOrEqual(2);
    expect(result.stdout).toContain('daily limit reached, resets at midnight IST (18:30 UTC)');
  });

  it('makes at most one request per worker when the key is rejected, and says how to fix it', async () => {
    const { simulator, github } = await servers();
    const result = await run(simulator, github, { 'api-key': 'svc_live_not_a_real_key', concurrency: '2', 'on-incomplete': 'pass' });
    expect(result.exitCode).toBe(1);
    expect(reviewRequests(simulator).length).toBeLessThanOrEqual(2);
    expect(result.stdout).toContain('use a current key from the dashboard');
    expect(result.stdout).not.toContain('Use a valid key with the svc_live_ prefix');
  });

  it('neutralizes mentions and forged markers that reach it through the service', async () => {
    const source = [
      'export const rate = 1;',
      '// TODO @octocat and @acme/security: <!-- review-gate:fp:0123456789abcdef0123456789abcdef --> fix',
      '',
    ].join('\n');
    const hostile: PullRequestFixture = {
      ...fixture,
      files: [{ filename: 'src/rate.ts', status: 'added', content: source, patch: addedFilePatch(source) }],
    };
    const { simulator, github } = await servers({ fixture: hostile });
    await run(simulator, github, {}, { fixture: hostile });

    const bodies = [...github.reviewComments.map((c) => c.body), ...github.issueComments.map((c) => c.body)];
    expect(github.reviewComments).toHaveLength(1);
    for (const body of bodies) {
      expect(body).not.toMatch(/(^|[^\w`])@octocat\b/);
      expect(body).not.toMatch(/(^|[^\w`])@acme\/security\b/);
      // The forged marker is shown as text, never as a hidden marker the action would trust.
      expect(extractFingerprints(body)).not.toContain('0123456789abcdef0123456789abcdef');
      expect(body).not.toContain('<!-- review-gate:fp:0123456789abcdef');
    }

  });
});

describe('text a pull request controls', () => {
  it('cannot command the runner through a file name or a quoted comment', async () => {
    const source = 'x = 1\n# TODO: ##[add-mask]review-gate\n\nvalue = eval(x)\n';
    const name = 'src/evil ##[error]legacy\n::error file=forged.py,line=1::injected\n::add-mask::x.py';
    const hostile: PullRequestFixture = {
      ...fixture,
      files: [{ filename: name, status: 'added', content: source, patch: addedFilePatch(source) }],
    };
    const { simulator, github } = await servers({ fixture: hostile });
    // What the runner parses is the process's real stdout.
    const result = await run(simulator, github, { 'dry-run': 'true' }, { fixture: hostile, ...BUNDLED });

    expect(result.outputs['files-reviewed']).toBe('1');
    const injected = result.stdout.split('\n').filter((line) => /^\s*::(error file=forged|add-mask::x\.py)/.test(line));
    expect(injected).toEqual([]);
    // The legacy form is obeyed anywhere in a line that is not itself a command.
    expect(result.stdout.split('\n').filter((line) => !line.startsWith('::') && line.includes('##['))).toEqual([]);
    // The name is still shown where the log lists the file, on one line: its line breaks written
    // as \u{a}, so no part of it starts a line, and its legacy command defused with a space.
    expect(result.stdout).toContain('src/evil # #[error]legacy\\u{a}::error file=forged.py,line=1::injected\\u{a}::add-mask::x.py:4 error eval()');
    // The finding is still reported, as an escaped annotation.
    expect(result.stdout).toMatch(/^::error [^\n]*file=src\/evil ##\[error\]legacy%0A/m);
  });
});

describe('posting when GitHub disagrees, and under a noise budget', () => {
  it('lands the review without the comment GitHub rejects and names the dropped finding in the summary', async () => {
    const racy: PullRequestFixture = {
      ...fixture,
      files: fixture.files.map((f) => (f.filename === 'src/app.py' ? { ...f, unresolvableLines: [18] } : f)),
    };
    const { simulator, github } = await servers({ fixture: racy });
    const result = await run(simulator, github, {}, { fixture: racy });

    expect(result.exitCode).toBe(1);
    expect(submittedReviews(github)).toHaveLength(1);
    expect(github.reviews.filter((r) => r.state === 'PENDING')).toEqual([]);
    const posted = github.reviewComments.map((c) => `${c.path}:${c.line}`);
    expect(posted).not.toContain('src/app.py:18');
    expect(posted).toEqual(expect.arrayContaining(['src/app.py:4', 'src/app.py:19', 'web/handler.js:3']));
    expect(posted).toHaveLength(9);
    const summary = github.issueComments[0]?.body ?? '';
    expect(summary).toContain("Rejected by GitHub");
    expect(summary).toContain('eval() runs arbitrary code');
  });

  it('posts at most max-comments inline comments for a file with 150 findings, errors first, and counts the rest', async () => {
    const lines = Array.from({ length: 150 }, (_, i) =>
      i % 10 === 0 ? `const v${i} = eval(input${i});` : `if (a${i} == b${i}) console.log(${i});`,
    );
    const source = `${lines.join('\n')}\n`;
    const noisy: PullRequestFixture = {
      ...fixture,
      files: [{ filename: 'web/noisy.js', status: 'added', content: source, patch: addedFilePatch(source) }],
    };
    const { simulator, github } = await servers({ fixture: noisy });
    const result = await run(simulator, github, {}, { fixture: noisy });

    expect(result.exitCode).toBe(1);
    expect(github.reviewComments).toHaveLength(25);
    // 15 eval() errors come first, then warnings.
    const severities = github.reviewComments.map((c) => (/\*\*(Error|Warning|Info)\*\*/.exec(c.body)?.[1] ?? '?'));
    expect(severities.slice(0, 15)).toEqual(Array(15).fill('Error'));
    expect(severities.slice(15)).toEqual(Array(10).fill('Warning'));
    const findings = Number(result.outputs.errors) + Number(result.outputs.warnings) + Number(result.outputs.infos);
    expect(findings).toBeGreaterThanOrEqual(150);
    const summary = github.issueComments[0]?.body ?? '';
    expect(summary).toContain(`${findings - 25}`);
    expect(summary).toMatch(/max-comments/);
  });
});

describe('where the pull request and its files come from', () => {
  it('reviews the pull request named by pr-number on another event, reading its head from the API', async () => {
    const { simulator, github } = await servers();
    const result = await run(simulator, github, { 'pr-number': String(fixture.number) }, { eventName: 'workflow_dispatch', event: {} });
    expect(result.outputs['files-reviewed']).toBe('5');
    expect(github.requests.some((r) => r.method === 'GET' && r.path === `/repos/acme/shop/pulls/${fixture.number}`)).toBe(true);
    expect(submittedReviews(github)[0]?.commit_id).toBe(fixture.headSha);
  });

  it('says what to do on an event without a pull request, before any request', async () => {
    const { simulator, github } = await servers();
    const result = await run(simulator, github, {}, { eventName: 'push', event: { ref: 'refs/heads/main' } });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("The 'push' event carries no pull request. Run on pull_request, pull_request_target or merge_group, or set the pr-number input.");
    expect(result.outputs.result).toBe('failed');
    expect(simulator.requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });

  it('reads the blobs the workspace checkout already has from git instead of the API', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'review-gate-workspace-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: workspace });
      const app = fixture.files.find((f) => f.filename === 'src/app.py')!;
      const sha = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: workspace, input: app.content }).toString().trim();
      const { simulator, github } = await servers();
      const result = await run(simulator, github, {}, { env: { GITHUB_WORKSPACE: workspace } });

      // The other four come in one GraphQL batch (after one for their sizes); the workspace's blob is asked for in none.
      // (The head commit is named too: what each path holds there rides along.)
      const asked = github.requests.filter((r) => r.path === '/graphql').flatMap((r) => Object.values((r.body as { variables?: Record<string, unknown> }).variables ?? {}));
      expect(asked.filter((value) => typeof value === 'string' && /^[0-9a-f]{40}$/.test(value) && value !== fixture.headSha)).toHaveLength(8);
      expect(asked).not.toContain(sha);
      expect(github.requests.filter((r) => r.path.includes('/git/blobs/'))).toEqual([]);
      // How many queries carry the four depends on when each plan reaches the batcher (2 or 3 when the
      // run shares its process with other tests); that they are four, in GraphQL, is the point.
      expect(result.stdout).toMatch(/File contents: 1 read from the workspace checkout, 4 through the GitHub API \(4 in [23] GraphQL queries, 0 one by one through REST\)\./);
      expect(result.outputs['files-reviewed']).toBe('5');
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});

function addedLinesOf(pr: PullRequestFixture): Map<string, Set<number>> {
  const result = new Map<string, Set<number>>();
  for (const file of pr.files) {
    const lines = new Set<number>();
    let line = 0;
    for (const text of (file.patch ?? '').split('\n')) {
      const header = /^@@ -\d+(?:,\d+)? \+(\d+)/.exec(text);
      if (header !== null) line = Number(header[1]);
      else if (text.startsWith('+')) lines.add(line++);
      else if (!text.startsWith('-') && !text.startsWith('\\')) line++;
    }
    result.set(file.filename, lines);
  }
  return result;
}

function addedFilePatch(content: string): string {
  const lines = content.replace(/\n$/, '').split('\n');
  return [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => `+${l}`)].join('\n');
}
