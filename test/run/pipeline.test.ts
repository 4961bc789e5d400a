import { reasonTexts } from '../../src/domain/verdict';
import { describe, expect, it } from 'vitest';
import { InvalidResponseError, ServiceError } from '../../src/service/errors';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import type { ReviewRequest, ReviewResult } from '../../src/service/types';
import { runPipeline } from '../../src/run/pipeline';
import { publishVerdict } from '../../src/run/publish';
import type { PipelineDeps } from '../../src/run/pipeline';
import type { Logger } from '../../src/domain/logger';
import { readSettings } from '../../src/config/settings';
import type { ChangedFile, PullRequestRef } from '../../src/domain/pull-request';
import type { PlannedComment, ReviewPublisher } from '../../src/domain/writes';
import { reviewResult } from '../support/review-result';
import { createVirtualClock } from '../support/virtual-clock';

const pr: PullRequestRef = { owner: 'acme', repo: 'shop', number: 7, headSha: 'abc123' };
const settings = (extra: Record<string, string> = {}) =>
  readSettings((name) => ({ 'api-key': 'svc_live_x', 'api-url': 'http://127.0.0.1:1', ...extra })[name] ?? '');

const changed = (path: string, content: string | Buffer, extra: Partial<ChangedFile> = {}) => ({
  file: {
    path,
    status: 'added' as const,
    blobSha: `sha-${path}`,
    additions: content.toString().split('\n').length,
    deletions: 0,
    patch: `@@ -0,0 +1,${content.toString().split('\n').length} @@\n${content
      .toString()
      .split('\n')
      .map((l) => `+${l}`)
      .join('\n')}`,
    ...extra,
  } satisfies ChangedFile,
  content,
});

const result = (issues: ReviewResult['issues'], score = 90): ReviewResult => reviewResult({ issues, quality_score: score });

function quietLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(m),
    warning: (m) => lines.push(`WARN ${m}`),
    group: (_name, run) => run(),
  };
}

function deps(files: ReturnType<typeof changed>[], review: (req: ReviewRequest) => Promise<ReviewResult>, publisher?: ReviewPublisher) {
  const contents = new Map(files.map((f) => [f.file.path, f.content]));
  const requests: ReviewRequest[] = [];
  const log = quietLog();
  const d: PipelineDeps = {
    source: {
      listChangedFiles: () => Promise.resolve({ files: files.map((f) => f.file), truncated: false }),
      readFile: (_pr, file) => Promise.resolve(Buffer.from(contents.get(file.path) ?? '')),
    },
    reviewOnce: (req) => {
      requests.push(req);
      return review(req);
    },
    publisher,
    clock: createVirtualClock(),
    log,
    retryPolicy: DEFAULT_RETRY_POLICY,
  };
  return { deps: d, requests, log };
}

describe('runPipeline', () => {
  it('fails one file on a malformed answer while the other files keep their findings', async () => {
    const files = [changed('a.py', 'x = eval(y)\nprint(x)'), changed('b.py', 'ok = 1')];
    const { deps: d } = deps(files, (req) =>
      req.code.startsWith('ok')
        ? Promise.reject(new InvalidResponseError('Review service answered 200 with issues[0].line missing', { requestId: 'svc_req_9' }))
        : Promise.resolve(result([{ severity: 'error', line: 1, message: 'eval is dangerous', suggestion: '' }], 60)),
    );
    const report = await runPipeline(settings(), pr, d);
    expect(report.outcomes.map((o) => [o.path, o.kind])).toEqual([
      ['a.py', 'reviewed'],
      ['b.py', 'failed'],
    ]);
    expect(report.outcomes[1]).toMatchObject({ code: 'invalid_response', requestId: 'svc_req_9' });
    expect(report.findings).toEqual([
      expect.objectContaining({ path: 'a.py', line: 1, severity: 'error', location: 'added-line', lineText: 'x = eval(y)' }),
    ]);
    expect(report.verdict.result).toBe('failed');
    expect(reasonTexts(report.verdict)).toHaveLength(2);
  });

  it('sends an extensionless file as the language of its #! line, and reads its markers in that language', async () => {
    const tool = '#!/usr/bin/env node\n// review-gate-ignore: the argument is a constant\neval(process.argv[2]);\nconst s = "# review-gate-ignore: not a comment in JavaScript"; eval(s);\n';
    const files = [changed('bin/tool', tool)];
    const { deps: d, requests } = deps(files, () =>
      Promise.resolve(result([
        { severity: 'error', line: 3, message: 'eval', suggestion: '' },
        { severity: 'error', line: 4, message: 'eval', suggestion: '' },
      ])),
    );
    const report = await runPipeline(settings(), pr, d);

    // The file, then (injection-check) the file with its comments and strings blanked: both as JavaScript.
    expect(requests.map((r) => r.language)).toEqual(['javascript', 'javascript']);
    expect(report.outcomes).toEqual([expect.objectContaining({ kind: 'reviewed', path: 'bin/tool', language: 'javascript' })]);
    expect(report.findings.map((f) => [f.line, f.disposition?.kind, f.counts])).toEqual([
      [3, 'suppressed', false],
      [4, undefined, true],
    ]);
  });

  it('skips, with why, an extensionless file that is no script of a supported language, and one that is binary; sends none', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(32, 1)]);
    const files = [changed('LICENSE', 'MIT License\n'), changed('bin/run', '#!/usr/bin/env bash\neval "$1"\n'), changed('bin/server', elf)];
    const { deps: d, requests } = deps(files, () => Promise.resolve(result([])));
    const report = await runPipeline(settings(), pr, d);

    expect(requests).toEqual([]);
    expect(report.outcomes.map((o) => [o.path, o.kind, o.kind === 'reviewed' ? '' : o.reason])).toEqual([
      ['LICENSE', 'skipped', 'language not supported by the review service (no extension, and no #! line)'],
      ['bin/run', 'skipped', 'language not supported by the review service (no extension, and its #! line names bash)'],
      ['bin/server', 'skipped', 'binary file (ELF executable)'],
    ]);
    expect(report.verdict.result).toBe('passed');
  });

  it('does not review a script that only a default exclude matches, after reading it', async () => {
    const files = [changed('vendor/bin/tool', '#!/usr/bin/env python3\nimport os\n'), changed('vendor/NOTICE', 'Third-party notices\n')];
    const { deps: d, requests } = deps(files, () => Promise.resolve(result([])));
    const report = await runPipeline(settings(), pr, d);

    expect(requests).toEqual([]);
    expect(report.outcomes.map((o) => [o.path, o.kind])).toEqual([
      ['vendor/bin/tool', 'failed'],
      ['vendor/NOTICE', 'skipped'],
    ]);
    expect(report.verdict.result).toBe('failed');
    expect(reasonTexts(report.verdict).join('\n')).toContain("vendor/bin/tool (not reviewed: matched by default exclude '**/vendor/**'");
  });

  it('sends each file with its language and the focus areas', async () => {
    const files = [changed('web/a.tsx', 'const a = 1;'), changed('svc/main.go', 'package main')];
    const { deps: d, requests } = deps(files, () => Promise.resolve(result([])));
    await runPipeline(settings({ 'focus-areas': 'security, performance' }), pr, d);
    expect(requests).toEqual([
      { code: 'const a = 1;', language: 'typescript', focus_areas: ['security', 'performance'] },
      { code: 'package main', language: 'go', focus_areas: ['security', 'performance'] },
    ]);
  });

  it('skips binary and empty files with their reasons and sends them nowhere', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]);
    const files = [changed('img.js', png), changed('empty.py', '  \n')];
    const { deps: d, requests } = deps(files, () => Promise.resolve(result([])));
    const report = await runPipeline(settings(), pr, d);
    expect(requests).toEqual([]);
    expect(report.outcomes.map((o) => [o.path, o.kind, o.kind === 'skipped' ? o.reason : ''])).toEqual([
      ['img.js', 'skipped', 'binary file (PNG image)'],
      ['empty.py', 'skipped', 'empty at the head commit'],
    ]);
    expect(report.verdict.result).toBe('passed');
  });

  it('marks every unreviewed file with the daily-limit reason and fails the check', async () => {
    const files = ['a.py', 'b.py', 'c.py', 'd.py'].map((p) => changed(p, 'x = 1'));
    const { deps: d } = deps(files, () => Promise.reject(new ServiceError('daily', 'daily_limit_exceeded', { status: 429, retryAfter: 100 })));
    const report = await runPipeline(settings({ concurrency: '1' }), pr, d);
    expect(report.outcomes.map((o) => (o.kind === 'failed' ? o.reason : o.kind))).toEqual(
      Array(4).fill('not reviewed: daily limit reached, resets at midnight IST (18:30 UTC)'),
    );
    expect(reasonTexts(report.verdict)[0]).toMatch(/^4 files could not be reviewed/);
  });

  it('fails on a rejected key even with on-incomplete pass, naming the remedy', async () => {
    const { deps: d } = deps([changed('a.py', 'x = 1')], () =>
      Promise.reject(new ServiceError('bad key', 'authentication_failed', { status: 401 })),
    );
    const report = await runPipeline(settings({ 'on-incomplete': 'pass' }), pr, d);
    expect(report.verdict.result).toBe('failed');
    expect(reasonTexts(report.verdict)[0]).toContain('use a current key from the dashboard');
  });

  it('treats an unparseable patch as an unknown diff and says so in the log', async () => {
    const file = changed('a.py', 'x = eval(y)', { patch: '@@ -0,0 +1,5 @@\n+only one line' });
    const { deps: d, log } = deps([file], () =>
      Promise.resolve(result([{ severity: 'error', line: 1, message: 'eval', suggestion: '' }])),
    );
    const report = await runPipeline(settings(), pr, d);
    expect(report.findings[0]?.location).toBe('diff-unknown');
    expect(log.lines.some((l) => l.startsWith('WARN') && l.includes('a.py'))).toBe(true);
    expect(report.plan.comments).toEqual([]);
  });

  it('posts the planned comments and then the summary, and posts nothing in a dry run', async () => {
    const calls: string[] = [];
    const publisher: ReviewPublisher = {
      postReview: (_pr, comments: PlannedComment[]) => {
        calls.push(`review ${comments.map((c) => `${c.path}:${c.line}`).join(',')}`);
        return Promise.resolve({ kind: 'posted', posted: comments, alreadyPresent: [], rejected: [] });
      },
      upsertSummary: (_pr, body) => {
        calls.push(`summary ${body.startsWith('<!-- review-gate:summary -->')}`);
        return Promise.resolve({ kind: 'created' });
      },
    };
    const files = [changed('a.py', 'a = 1\nb = eval(a)')];
    const review = () => Promise.resolve(result([{ severity: 'warning', line: 2, message: 'eval', suggestion: '' }]));
    const { deps: d, log } = deps(files, review, publisher);
    await publishVerdict(await runPipeline(settings(), pr, d), { log, summaryComment: publisher, outlets: [] });
    expect(calls).toEqual(['review a.py:2', 'summary true']);

    calls.length = 0;
    const dry = await runPipeline(settings({ 'dry-run': 'true' }), pr, deps(files, review, undefined).deps);
    expect(calls).toEqual([]);
    expect(dry.posting).toEqual({ kind: 'dry-run' });
    expect(dry.plan.comments.map((c) => c.line)).toEqual([2]);
  });

  it('posts nothing for a merge group, even with a publisher at hand, reads the replies of the pull request it names, and gates it by the same rules', async () => {
    const read: number[] = [];
    const publisher: ReviewPublisher = {
      postReview: () => Promise.reject(new Error('must not be called')),
      upsertSummary: () => Promise.reject(new Error('must not be called')),
    };
    const files = [changed('a.py', 'a = eval(b)')];
    const { deps: d, log } = deps(files, () => Promise.resolve(result([{ severity: 'error', line: 1, message: 'eval', suggestion: '' }])), publisher);
    d.feedback = {
      read: (pull) => {
        read.push(pull.number);
        return Promise.resolve({ own: [], dismissals: [] });
      },
      closeFixed: () => Promise.reject(new Error('must not be called')),
    };
    const group = (pulls: number[]) => ({ kind: 'merge-group' as const, owner: 'acme', repo: 'shop', baseSha: 'b'.repeat(40), headSha: 'c'.repeat(40), headRef: '', pulls });
    const report = await runPipeline(settings(), group([7]), d);
    const published = await publishVerdict(report, { log, summaryComment: publisher, outlets: [] });
    await runPipeline(settings(), group([]), d);

    expect(read).toEqual([7]);
    expect(report.posting).toEqual({ kind: 'dry-run' });
    expect(published.summary).toEqual({ kind: 'dry-run' });
    expect(reasonTexts(report.verdict)).toEqual(['1 error finding on added lines (fail-on-severity: error)']);
    expect(log.lines.filter((l) => l.startsWith('WARN'))).toEqual([]);
  });

  it('falls back to reporting when the token cannot write, keeping the verdict', async () => {
    const publisher: ReviewPublisher = {
      postReview: () => Promise.resolve({ kind: 'read-only', message: 'The GitHub token cannot write' }),
      upsertSummary: () => Promise.reject(new Error('must not be called')),
    };
    const files = [changed('a.py', 'a = eval(b)')];
    const { deps: d, log } = deps(files, () => Promise.resolve(result([{ severity: 'error', line: 1, message: 'eval', suggestion: '' }])), publisher);
    const report = await runPipeline(settings(), pr, d);
    expect(report.posting.kind).toBe('read-only');
    expect(report.verdict.result).toBe('failed');
    expect(log.lines).toContain('WARN The GitHub token cannot write');
  });

  it('fails the check, after still trying the summary, when the review cannot be posted', async () => {
    const calls: string[] = [];
    const publisher: ReviewPublisher = {
      postReview: () => Promise.reject(new Error('Posting the review failed: GitHub answered 500')),
      upsertSummary: () => {
        calls.push('summary');
        return Promise.resolve({ kind: 'updated' });
      },
    };
    const files = [changed('a.py', 'a = 1')];
    const { deps: d, log } = deps(files, () => Promise.resolve(result([])), publisher);
    const report = await runPipeline(settings(), pr, d);
    await publishVerdict(report, { log, summaryComment: publisher, outlets: [] });
    expect(calls).toEqual(['summary']);
    expect(report.posting.kind).toBe('failed');
    expect(report.verdict).toMatchObject({
      result: 'failed',
      reasons: [{ text: 'the review could not be posted to GitHub: Posting the review failed: GitHub answered 500', cause: 'posting' }],
    });
  });

  it('does not count findings in a file proven only renamed or mode-changed, and counts them where GitHub\'s 0 lines prove nothing', async () => {
    const content = 'x = eval(y)\n';
    const files = [
      changed('moved/legacy.py', content, { status: 'renamed', previousPath: 'legacy.py', patch: undefined, additions: 0, deletions: 0, sameBlobAsBase: true }),
      changed('tools/run.py', content, { status: 'changed', patch: undefined, additions: 0, deletions: 0, sameBlobAsBase: true }),
      // GitHub's view of a renamed file it shows as binary: 0 lines, no patch, and another blob.
      changed('moved/nul.py', content, { status: 'renamed', previousPath: 'nul.py', patch: undefined, additions: 0, deletions: 0 }),
      changed('big/generated.py', content, { status: 'modified', patch: undefined, additions: 4000, deletions: 10 }),
    ];
    const report = await runPipeline(
      settings(),
      pr,
      deps(files, () => Promise.resolve(result([{ severity: 'error', line: 1, message: 'eval', suggestion: '' }]))).deps,
    );
    expect(report.findings.map((f) => [f.path, f.location])).toEqual([
      ['moved/legacy.py', 'outside-diff'],
      ['tools/run.py', 'outside-diff'],
      ['moved/nul.py', 'diff-unknown'],
      ['big/generated.py', 'diff-unknown'],
    ]);
    expect(reasonTexts(report.verdict)).toEqual([
      '2 error findings in files whose diff GitHub did not send (moved/nul.py; big/generated.py) count toward the gate: ' +
      'the action cannot tell which lines the pull request adds there (fail-on-severity: error)',
    ]);
  });
});
