/**
 * End to end, the action: the answer's `security_flags` are findings like its
 * issues, whatever the shape of each element. A flag is placed by its line, counted by the gate
 * at its severity (fail closed: no line, no severity → an unplaceable error), shown in the
 * summary comment, posted inline on an added line (once, when an issue on that line stands for
 * it), and with `security-flags: report` shown everywhere but never counted. The flags come
 * from the simulator's `answer` fault, which patches the answer with shapes no rule sends.
 */
import { describe, expect, it } from 'vitest';
import { extractFingerprints } from '../../src/domain/markers';
import type { PullRequestFixture } from '../doubles/run-action';
import { useAction } from './harness';
import { addedFile as added, modifiedLineThree, quietLines } from './thread-fixtures';

const { demo, servers, runAgainst } = useAction();

/** A pull request adding one Python file of `lines` lines that no simulator rule flags. */
function addedFile(lines: number): PullRequestFixture {
  return { ...demo, files: [added('src/app.py', quietLines(lines))] };
}

/** A pull request changing line 3 of a 6-line file: lines 2 and 4 are context, 6 is outside the diff. */
function modifiedFile(): PullRequestFixture {
  return { ...demo, files: [modifiedLineThree()] };
}

async function runWith(fixture: PullRequestFixture, patch: Record<string, unknown>, inputs: Record<string, string> = {}) {
  const { simulator, github } = await servers({ fixture });
  simulator.inject({ kind: 'answer', patch, path: '/v1/agent/review', times: fixture.files.length });
  const result = await runAgainst(simulator, github, fixture, inputs);
  return { result, github, summaryComment: github.issueComments[0]?.body ?? '' };
}

const SQL_FLAG = { type: 'sql-injection', cwe: 'CWE-89', line: 2, severity: 'error', message: 'SQL query built from request input.' };

describe('security flags as findings', () => {
  it('fails the check on a flag-only error on an added line, with its text in the summary comment and an inline comment', async () => {
    const { result, github, summaryComment } = await runWith(addedFile(5), { issues: [], security_flags: [SQL_FLAG] });

    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', errors: '1' });
    expect(result.outputs.reasons).toBe('1 error finding on added lines (fail-on-severity: error), including 1 security flag');
    for (const body of [summaryComment, result.stepSummary]) {
      expect(body).toContain('### Security flags (1)');
      expect(body).toContain('- 🛑 `src/app.py:2` — SQL query built from request input. (CWE-89, `sql-injection`) — **counted by the gate**');
    }
    expect(github.reviewComments.map((c) => [c.line, c.body.split('\n')[0]])).toEqual([[2, '🛑 **Error** · 🔒 security flag (CWE-89, `sql-injection`)']]);
    expect(result.stdout).toMatch(/^::error title=review-gate%3A Error%2C security flag \(CWE-89%2C sql-injection\),file=src\/app\.py,line=2::SQL query built/m);
  });

  it('shows string, object and unknown-shape flags, and counts a flag without a line as unplaceable', async () => {
    const flags = [
      'Possible path traversal in open().',
      { line: 3, severity: 'warning', description: 'MD5 used for password hashing.', category: 'weak-crypto', cwe: 327 },
      { line: 4, severity: 'high', title: 'Open redirect', detail: 'The next URL is not checked.' },
      { line: 5, confidence: 0.9, where: ['handler'] },
    ];
    const { result, summaryComment } = await runWith(addedFile(5), { issues: [], security_flags: flags });

    expect(result.exitCode).toBe(1);
    // The string has no line and no severity: an error that cannot be placed. "high" is unknown: an error.
    expect(result.outputs).toMatchObject({ result: 'failed', errors: '3', warnings: '1' });
    expect(result.outputs.reasons).toContain('1 error finding at a line that cannot be placed (src/app.py no line) counts toward the gate');
    for (const body of [summaryComment, result.stepSummary]) {
      expect(body).toContain('### Security flags (4)');
      expect(body).toContain('- 🛑 `src/app.py` (no line) — Possible path traversal in open().');
      expect(body).toContain('- ⚠️ `src/app.py:3` — MD5 used for password hashing. (CWE-327, `weak-crypto`)');
      expect(body).toContain('- 🛑 `src/app.py:4` (reported as `high`) — Open redirect — The next URL is not checked.');
      expect(body).toContain('- 🛑 `src/app.py:5` — {"line":5,"confidence":0.9,"where":["handler"]}');
    }
  });

  it('lists a flag on an unchanged line without counting it under gate-scope: added', async () => {
    const flags = [{ line: 6, severity: 'error', message: 'Secret read from a world-readable file.' }];
    const { result, summaryComment } = await runWith(modifiedFile(), { issues: [], security_flags: flags });

    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', errors: '0' });
    expect(summaryComment).toContain(
      '- 🛑 `src/app.py:6` — Secret read from a world-readable file. — not counted: outside the diff (gate-scope: added counts added lines)',
    );
  });

  it('passes with security-flags: report, and shows the flag everywhere saying it is not counted', async () => {
    const { result, github, summaryComment } = await runWith(addedFile(5), { issues: [], security_flags: [SQL_FLAG] }, { 'security-flags': 'report' });

    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({ result: 'passed', errors: '0' });
    expect(summaryComment).toContain('- 🛑 `src/app.py:2` — SQL query built from request input. (CWE-89, `sql-injection`) — not counted: security-flags: report');
    const [comment] = github.reviewComments;
    expect(comment?.line).toBe(2);
    expect(comment?.body).toContain('_Not counted by the gate: security-flags: report._');
    expect(result.stdout).toMatch(/^::error title=review-gate%3A Error%2C security flag \(CWE-89%2C sql-injection\)%2C not counted \(security-flags%3A report\),file=src\/app\.py,line=2::/m);
  });

  it('posts one comment for a flag and an issue on one line, carrying both, and counts the issue once', async () => {
    const issues = [{ severity: 'error', line: 2, message: 'eval() of request input.', suggestion: 'Parse the input instead.' }];
    const flags = [{ type: 'code-injection', cwe: 95, line: 2, severity: 'error', message: 'Code injection through eval().' }];
    const { result, github, summaryComment } = await runWith(addedFile(5), { issues, security_flags: flags });

    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', errors: '1' });
    expect(github.reviewComments).toHaveLength(1);
    const body = github.reviewComments[0]?.body ?? '';
    expect(body).toContain('eval() of request input.');
    expect(body).toContain('🔒 **Security flag** (CWE-95, `code-injection`): Code injection through eval().');
    expect(extractFingerprints(body)).toHaveLength(2);
    expect(summaryComment).toContain('- 🛑 `src/app.py:2` — Code injection through eval(). (CWE-95, `code-injection`) — not counted: the error issue on this line stands for it, in one comment');
  });

  it('refuses a security-flags value it does not know, quoting it', async () => {
    const { result } = await runWith(addedFile(2), {}, { 'security-flags': 'ignore' });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("Invalid security-flags 'ignore'. Expected one of: gate, report.");
  });
});
