/**
 * `npm run demo` as a new user sees it: each finding once, the summary comment shown, the
 * markdown files it names really written, no contradictory note, plain text under NO_COLOR, and
 * the action's exit status. Plus the renderers it is built from.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_MARKER } from '../../src/domain/markers';
import { ROOT } from '../doubles/run-action';
import { runDemo } from '../../scripts/demo';
import { renderMarkdown } from '../../scripts/terminal-markdown';
import { colourWanted, terminalStyle } from '../../scripts/terminal-style';
import { renderWorkflowCommands } from '../../scripts/workflow-commands';

const FINDINGS = [
  'src/app.py:4 error', 'src/app.py:18 error', 'src/app.py:19 warning', 'cmd/server/main.go:12 warning',
  'crates/core/src/lib.rs:13 warning', 'src/service.ts:14 warning', 'web/handler.js:3 warning',
  'web/handler.js:7 warning', 'src/service.ts:6 info', 'src/service.ts:13 info', 'src/discount.py:7 error',
];
const CAUGHT = "3 error findings on added lines (fail-on-severity: error), including 1 finding only the review with the files' comments and strings blanked reported: the file's text changed the review (possible prompt injection)";

let out: string;
let demo: { code: number; stdout: string; stderr: string };

// The demo in this process (it runs dist/index.js as the runner does, as `npm run demo` does), its
// terminal a pipe under NO_COLOR: its lines as stdout has them.
beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'review-gate-demo-'));
  let [stdout, stderr] = ['', ''];
  const code = await runDemo({
    outDir: out,
    env: { NO_COLOR: '1' },
    isTTY: false,
    log: (line) => (stdout += `${line}\n`),
    error: (text) => (stderr += text),
  });
  demo = { code, stdout, stderr };
}, 60_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run demo', () => {
  it('exits with the action’s status, 1, offline', () => {
    expect(demo.stderr).toBe('');
    expect(demo.code).toBe(1);
    expect(demo.stdout).toMatch(/\nExit status 1: the check fails\.\n$/);
  });

  it('ends no line with a colon after a full stop ("0 infos.:")', () => {
    expect(demo.stdout).not.toMatch(/[.!?]:$/m);
  });

  it("costs what the README's cost section says it does", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const said = /The demo's run \(\d+ files reviewed\) costs (\d+) requests to the review service and (\d+) to GitHub/.exec(readme.replace(/\s+/g, ' '));
    expect(said).not.toBeNull();
    expect(demo.stdout).toContain(`${said?.[1]} requests to the review service, ${said?.[2]} to GitHub.`);
    const line = /`(GitHub requests: [^`]+)`/.exec(readme.replace(/\s+/g, ' '))?.[1] ?? 'missing';
    expect(demo.stdout).toContain(line);
  });

  it('prints each finding once, and no contradictory note', () => {
    for (const finding of FINDINGS) expect(demo.stdout.split(`${finding} `).length - 1, finding).toBe(1);
    expect(demo.stdout).not.toMatch(/^(ERROR|WARNING|NOTICE) /m);
    expect(demo.stdout).not.toContain('Nothing to review');
    expect(demo.stdout).toContain(`✗ review-gate failed: ${CAUGHT}.`);
  });

  it('shows the summary comment as rendered, and writes it, the job summary and the inline comments where it says', () => {
    expect(demo.stdout).toContain('── The summary comment, as the pull request shows it');
    expect(demo.stdout).not.toContain(SUMMARY_MARKER);
    const comment = readFileSync(join(out, 'summary-comment.md'), 'utf8');
    const jobSummary = readFileSync(join(out, 'job-summary.md'), 'utf8');
    expect(comment.startsWith(SUMMARY_MARKER)).toBe(true);
    expect(jobSummary).toContain(`## ❌ Failed: ${CAUGHT}`);
    expect(readFileSync(join(out, 'inline-comments.md'), 'utf8').match(/^### /gm)).toHaveLength(11);
    for (const file of ['summary-comment.md', 'job-summary.md', 'inline-comments.md']) expect(demo.stdout).toContain(join(out, file));
  });

  it('shows the pull request it reviews: five languages, a rename, a removal, a binary and a lock file', () => {
    expect(demo.stdout).toContain('── The pull request: 10 changed files');
    for (const line of [
      /\n {2}modified {2}src\/app\.py +\+10 −0\n/,
      /\n {2}added {5}src\/service\.ts +\+16 −0\n/,
      /\n {2}renamed {3}src\/lib\.rs → crates\/core\/src\/lib\.rs +\+5 −0\n/,
      /\n {2}removed {3}legacy\/old\.py +\+0 −2\n/,
      /\n {2}added {5}assets\/logo\.png +binary\n/,
      /\n {2}added {5}web\/package-lock\.json +\+6 −0\n/,
    ]) {
      expect(demo.stdout).toMatch(line);
    }
  });

  it('marks the file whose errors fail the check as failing, and says which severities fail it', () => {
    expect(demo.stdout).toMatch(/\n {2}src\/app\.py +❌ fails \(errors\) +65 +2 +1 +0\n/);
    expect(demo.stdout).toMatch(/\n {2}web\/handler\.js +✅ reviewed +90 +0 +2 +0\n/);
    // The rename shows in the summary's table too.
    expect(demo.stdout).toMatch(/\n {2}src\/lib\.rs → crates\/core\/src\/lib\.rs +✅ reviewed +95 +0 +1 +0\n/);
    expect(demo.stdout).toContain('counted by the gate: 3 errors, 6 warnings, 2 infos · only errors fail the check (fail-on-severity: error) ·');
    expect(demo.stdout).toContain('  • assets/logo.png — language not supported by the review service');
  });

  it('shows the injected file caught: its comment talked the reviewer into "no issues", the review without it found the eval', () => {
    expect(demo.stdout).toMatch(/\n {2}added {5}src\/discount\.py +\+7 −0\n/);
    expect(demo.stdout).toMatch(/\n {2}src\/discount\.py +❌ fails \(errors\) +100 +1 +0 +0\n/);
    expect(demo.stdout).toContain(
      "⚠️ src/discount.py — The file's text changed the review (possible prompt injection): the review with its comments and strings blanked reported 1 error the review of the file as written did not.",
    );
    const inline = readFileSync(join(out, 'inline-comments.md'), 'utf8');
    expect(inline).toContain('### src/discount.py:7\n\n🛑 **Error**\n\neval() runs arbitrary code');
    expect(inline).toContain('⚠️ **Possible prompt injection.** Only the review of this file with its comments and strings blanked reports this');
  });

  it('writes no colour under NO_COLOR', () => {
    expect(demo.stdout).not.toContain('\x1b');
  });
});

describe('the demo’s renderers', () => {
  it('colour only when wanted: NO_COLOR wins, FORCE_COLOR forces, else a terminal decides', () => {
    expect(colourWanted({}, true)).toBe(true);
    expect(colourWanted({}, false)).toBe(false);
    expect(colourWanted({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colourWanted({ NO_COLOR: '' }, true)).toBe(true);
    expect(colourWanted({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colourWanted({ FORCE_COLOR: '0' }, false)).toBe(false);
    expect(renderWorkflowCommands('::group::Inline comments on added lines: 1\na.py:3 error Bad.\n::endgroup::', terminalStyle(true)).text).toBe(
      '\x1b[1m▶ Inline comments on added lines: 1\x1b[22m\n  \x1b[1ma.py:3\x1b[22m \x1b[31merror\x1b[39m Bad.',
    );
  });

  it('fold an annotation into the finding the log lists, and keep one the log does not list', () => {
    const log = [
      '::error title=review-gate%3A Error,file=a.py,line=3::Bad. Suggestion: fix',
      '::warning title=review-gate%3A Warning,file=b.py,line=9::Only an annotation.',
      '::add-mask::svc_live_secret',
      '::debug::GET /x',
      '::group::Inline comments on added lines: 1',
      'a.py:3 error Bad.',
      '::endgroup::',
      '::error::review-gate failed: 1 error finding on added lines (fail-on-severity: error).',
    ].join('\n');
    expect(renderWorkflowCommands(log)).toEqual({
      text: [
        '! b.py:9 Only an annotation.',
        '▶ Inline comments on added lines: 1',
        '  a.py:3 error Bad.',
        '✗ review-gate failed: 1 error finding on added lines (fail-on-severity: error).',
      ].join('\n'),
      annotationsFolded: 1,
    });
  });

  it('render the summary’s markdown: hidden markers gone, tables aligned, details open', () => {
    const markdown = [
      '<!-- review-gate:summary -->', '', '## ❌ Failed: `x`', '', '| File | Score |', '| --- | ---: |', '| `a.py` | 5 |', '| `long/b.py` | 100 |', '',
      '<details>', '<summary>Skipped files (1)</summary>', '', '- `c.md` — language', '', '</details>', '', '<sub>reviewed at `abc`</sub>',
    ].join('\n');
    expect(renderMarkdown(markdown)).toBe(
      ['❌ Failed: x', '', '  File       Score', '  a.py           5', '  long/b.py    100', '', 'Skipped files (1):', '', '  • c.md — language', '', 'reviewed at abc'].join('\n'),
    );
  });

  it('render a <code> in a details line as code, not as a tag; a line ending a sentence gets no colon', () => {
    expect(renderMarkdown('<details>\n<summary><code>src/a.py</code>: Parses input.</summary>\n\n- Validate it.\n\n</details>')).toBe(
      ['src/a.py: Parses input.', '', '  • Validate it.'].join('\n'),
    );
    expect(renderMarkdown('<details>\n<summary>Skipped files (1)</summary>\n\n- c.md\n\n</details>')).toBe(['Skipped files (1):', '', '  • c.md'].join('\n'));
  });
});
