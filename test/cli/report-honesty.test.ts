/**
 * End to end, `review-gate` run in-process in real git repositories against the service
 * simulator: the terminal says why a finding does not count (suppressed, or on lines the change
 * does not touch), marks the answers that came from the result cache, and prints a file name
 * with control or bidi characters in one escaped form that cannot be taken for another file's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCli } from './in-process';

const cli = useCli();
const { reviewGate } = cli;

interface JsonOut {
  result: string;
  files: Array<{ path: string; status: string; fromCache?: boolean }>;
  findings: Array<{ source: 'issue' | 'security-flag'; path: string; line: number; countsTowardGate: boolean; disposition: unknown }>;
}

const EVAL = 'eval() runs arbitrary code; with untrusted input this is code injection.';

describe('why a finding does not count', () => {
  /**
   * Line 2's eval is on a line the change does not touch; line 6's is suppressed on its own line;
   * line 10's by a comment on the line above it. None counts, each for its own reason.
   */
  function suppressedAndUntouched(): void {
    cli.repo.write('src/app.py', 'def run(rule):\n    return eval(rule)\n');
    cli.repo.commit('base');
    cli.repo.write(
      'src/app.py',
      [
        'def run(rule):',
        '    return eval(rule)',
        '',
        '',
        'def load(raw):',
        '    return eval(raw)  # review-gate-ignore: generated fixture',
        '',
        'def parse(text):',
        '    # review-gate-ignore: the parser only sees our own files',
        '    return eval(text)',
        '',
      ].join('\n'),
    );
  }

  it('text: a suppressed finding on an added line says "suppressed: <reason>" with the marker\'s line; only what is off the change says so', async () => {
    suppressedAndUntouched();
    const run = await reviewGate([]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      [
        `src/app.py:6  error  ${EVAL}`,
        '    suppressed: generated fixture (review-gate-ignore on line 6)',
        `src/app.py:10  error  ${EVAL}`,
        '    suppressed: the parser only sees our own files (review-gate-ignore on line 9)',
        '    1 more finding on lines this change does not touch (not counted; --format json lists them)',
      ].join('\n'),
    );
    expect(run.out).not.toMatch(/^src\/app\.py:2 /m);
    expect(run.out.trimEnd().split('\n').at(-1)).toBe('review-gate passed.');
  });

  it('json: each finding carries its disposition, null when nothing set it aside; the security flag on its line shares it', async () => {
    suppressedAndUntouched();
    const run = await reviewGate(['--format', 'json']);
    const report = JSON.parse(run.out) as JsonOut;
    const seen = report.findings.map(({ source, line, countsTowardGate, disposition }) => ({ source, line, countsTowardGate, disposition }));
    const untouched = { line: 2, countsTowardGate: false, disposition: null };
    const onSix = { line: 6, countsTowardGate: false, disposition: { kind: 'suppressed', reason: 'generated fixture', line: 6 } };
    const onTen = { line: 10, countsTowardGate: false, disposition: { kind: 'suppressed', reason: 'the parser only sees our own files', line: 9 } };
    expect(seen.filter((f) => f.source === 'issue')).toEqual([untouched, onSix, onTen].map((f) => ({ source: 'issue', ...f })));
    // The simulator flags each eval as code injection too: the flag is set aside with its issue.
    expect(seen.filter((f) => f.source === 'security-flag')).toEqual([untouched, onSix, onTen].map((f) => ({ source: 'security-flag', ...f })));
    expect(report.result).toBe('passed');
  });
});

describe('answers from the result cache', () => {
  it('are marked in the progress lines and in the JSON report, and only they', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'review-gate-honesty-cache-'));
    try {
      cli.repo.write('src/app.py', 'def total(xs):\n    return sum(xs)\n');
      cli.repo.commit('base');
      cli.repo.write('src/app.py', 'def total(xs):\n    return eval("sum(xs)")\n');
      const run = () => reviewGate(['--format', 'json'], { XDG_CACHE_HOME: cache });

      const first = await run();
      expect(first.err).toMatch(/^\[1\/1\] ✓ src\/app\.py: score \d+, 1 error, 0 warnings, 0 infos, 1 security flag$/m);
      expect((JSON.parse(first.out) as JsonOut).files).toMatchObject([{ path: 'src/app.py', status: 'reviewed', fromCache: false }]);

      cli.repo.write('src/util.py', 'def one():\n    return 1\n');
      const second = await run();
      expect(second.err).toMatch(/^\[\d\/2\] ✓ src\/app\.py: score \d+, 1 error, 0 warnings, 0 infos, 1 security flag \(from the cache\)$/m);
      expect(second.err).toMatch(/^\[\d\/2\] ✓ src\/util\.py: score \d+, 0 errors, 0 warnings, 0 infos$/m);
      const files = (JSON.parse(second.out) as JsonOut).files.map(({ path, fromCache }) => ({ path, fromCache }));
      expect(files).toEqual([
        { path: 'src/app.py', fromCache: true },
        { path: 'src/util.py', fromCache: false },
      ]);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe('a file name with control or bidi characters', () => {
  const ESCAPED = 'evil\u001b[31mred\u001b[0m.py';
  const BIDI = 'src/a\u202egnp.py';
  /** A name whose characters spell what the escaped form of ESCAPED prints: it must print otherwise. */
  const LOOKALIKE = 'evil\\u{1b}[31mred.py';

  function namedFiles(): void {
    cli.repo.write('README.md', '# demo\n');
    cli.repo.commit('base');
    cli.repo.write(ESCAPED, 'x = eval(input())\n');
    cli.repo.write(BIDI, 'y = eval(input())\n');
    cli.repo.write(LOOKALIKE, 'z = 1\n');
    cli.repo.write('notes\u0007.md', 'bell\n');
  }

  it('prints as \\u{…} wherever the terminal names it: progress, findings, file lists and reasons', async () => {
    namedFiles();
    const run = await reviewGate(['--min-score', '100']);
    expect(run.code).toBe(1);
    const shown = 'evil\\u{1b}[31mred\\u{1b}[0m.py';
    expect(run.err).toMatch(new RegExp(`^\\[\\d/3\\] ✓ ${escapeRegExp(shown)}: score \\d+, 1 error`, 'm'));
    expect(run.out).toMatch(new RegExp(`^${escapeRegExp(shown)} \\(score \\d+\\)$`, 'm'));
    expect(run.out).toContain(`\n${shown}:1  error  ${EVAL}`);
    expect(run.out).toContain(`\nsrc/a\\u{202e}gnp.py:1  error  ${EVAL}`);
    expect(run.out).toContain('\n  notes\\u{7}.md: language not supported by the review service');
    expect(run.out).toMatch(new RegExp(`quality score \\d+ of ${escapeRegExp(shown)} is below min-score 100`));
    // A backslash in a name is doubled, so no name prints as another's escaped form.
    expect(run.err).toMatch(/^\[\d\/3\] ✓ evil\\\\u\{1b\}\[31mred\.py: score/m);
    for (const text of [run.out, run.err]) {
      expect(text).not.toContain('evilred.py');
      expect(text).not.toContain('src/agnp.py');
      expect(text).not.toMatch(/(?![\t\n])[\p{Cc}\p{Bidi_Control}]/u);
    }
  });

  it('json keeps the real name, as valid JSON with no raw control or bidi character in it', async () => {
    namedFiles();
    const run = await reviewGate(['--format', 'json']);
    expect(run.out).not.toMatch(/(?![\t\n])[\p{Cc}\p{Bidi_Control}]/u);
    const report = JSON.parse(run.out) as JsonOut;
    expect(report.files.map((f) => f.path).sort()).toEqual([ESCAPED, LOOKALIKE, 'notes\u0007.md', BIDI].sort());
    expect(report.findings.filter((f) => f.source === 'issue').map((f) => f.path).sort()).toEqual([ESCAPED, BIDI].sort());
    expect(report.findings.filter((f) => f.source === 'security-flag').map((f) => f.path).sort()).toEqual([ESCAPED, BIDI].sort());
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
