/**
 * End to end: secrets never leave the process, nothing printed drives the runner or a terminal,
 * and the api-url and api-key inputs fail closed. Each test reads what the runner, GitHub or a
 * reader would get: stdout as the runner parses it, the requests the fake GitHub received, the
 * outputs and the job summary. Where the point is what reaches the real stdout and stderr (a key
 * echoed back, a workflow command or an escape sequence a file name carries), the run spawns the
 * bundled dist/index.js: whatever writes there, by any path, is read. The rest run in this process.
 */
import { describe, expect, it } from 'vitest';
import type { FaultRequest } from '../doubles/simulator';
import type { FakeGitHub } from '../doubles/fake-github';
import { GITHUB_TOKEN, runBundledAction } from '../doubles/run-action';
import type { ActionRun, PullRequestFixture } from '../doubles/run-action';
import { startConnectProxy } from '../support/connect-proxy';
import { forgedCommands, runnerCommands } from '../support/runner-commands';
import { useAction } from './harness';

const harness = useAction({ bundles: ['dist/index.js'] });
const { demo, runAgainst: run } = harness;

/** A run whose point is what reaches the process's real stdout and stderr: dist/index.js spawned. */
const BUNDLED = { runner: runBundledAction };

const SOURCE = 'import os\nvalue = eval(os.environ["X"])\n';

/** A pull request that adds the given files, each with SOURCE (an eval() on line 2). */
function pullRequestAdding(...names: string[]): PullRequestFixture {
  return {
    ...demo,
    files: names.map((filename) => ({ filename, status: 'added', content: SOURCE, patch: '@@ -0,0 +1,2 @@\n+import os\n+value = eval(os.environ["X"])' })),
  };
}

const servers = (fixture: PullRequestFixture) => harness.servers({ fixture });

/** Everything the run left for people to read, but the runner's own mask command. */
function everythingShown(result: ActionRun): string {
  const log = result.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
  return [...log, result.stderr, JSON.stringify(result.outputs), result.stepSummary].join('\n');
}

/** What review-gate sent to GitHub: the parameters of every request, not its Authorization header. */
const sentToGitHub = (github: FakeGitHub) => JSON.stringify(github.requests.map((r) => [r.path, r.query, r.body]));

describe('secrets the service echoes back', () => {
  // Characters that URL-encoding and JSON-escaping change, so every form below is distinct.
  const KEY = 'svc_live_e2e+key/with"quote_0001';
  const forms = [KEY, encodeURIComponent(KEY), JSON.stringify(KEY).slice(1, -1)];

  function echoingReview(request: FaultRequest) {
    const key = (request.authorization ?? '').replace(/^Bearer /, '');
    return {
      body: {
        model: 'service-1',
        summary: `Reviewed with ${key}`,
        issues: [
          {
            severity: 'error',
            line: 2,
            message: `eval() again; your key is ${key}, URL-encoded ${encodeURIComponent(key)}, in JSON ${JSON.stringify(key)}`,
            suggestion: `rotate ${[...key].join('\u200b')} and ${GITHUB_TOKEN}`,
          },
        ],
        suggestions: [`never share ${key}`],
        security_flags: [],
        quality_score: 40,
        usage: { total_tokens: 10 },
        latency_ms: 5,
      },
    };
  }

  it('posts, logs, outputs and summarizes the finding with the key and the token redacted in every form', async () => {
    const fixture = pullRequestAdding('src/app.py');
    const { simulator, github } = await servers(fixture);
    simulator.inject({ kind: 'reply', path: '/v1/agent/review', times: 5, reply: echoingReview });
    const result = await run(simulator, github, fixture, { 'api-key': KEY, 'min-score': '50' }, BUNDLED);

    expect(result.exitCode).toBe(1);
    expect(github.reviewComments).toHaveLength(1);
    expect(github.reviewComments[0]?.body).toContain('your key is [redacted], URL-encoded [redacted], in JSON');
    expect(github.issueComments).toHaveLength(1);

    const leaks = [sentToGitHub(github), everythingShown(result)];
    for (const text of leaks) {
      for (const form of [...forms, GITHUB_TOKEN]) expect(text).not.toContain(form);
      expect(text.replace(/[\u200b\\]/g, '')).not.toContain('svc_live_e2e+key/with"quote');
    }
    expect(result.outputs.reasons).toContain('quality score 40 of src/app.py is below min-score 50');
  });
});

describe('file names that try to command the runner or the terminal', () => {
  it('cannot start a workflow command behind NEL or another character the runner trims', async () => {
    const names = [
      '\u0085::stop-commands::pause.py',
      'src/a\n\u0085::error file=forged.py,line=1::forged.py',
      'src/b\n\u00a0\u2003::add-mask::forged.py',
      'src/c\n:\u200b:error file=forged.py::forged.py',
      'src/d #\u200b#[error]forged.py',
    ];
    const fixture = pullRequestAdding(...names);
    const { simulator, github } = await servers(fixture);
    const result = await run(simulator, github, fixture, {}, BUNDLED);

    expect(result.outputs['files-reviewed']).toBe('5');
    const commands = runnerCommands(result.stdout);
    expect(forgedCommands(result.stdout)).toEqual([]);
    // Forged annotations and masks; the action's own annotations name the files in `file=` only.
    expect(commands.filter((c) => c.rest.startsWith(' file=forged.py'))).toEqual([]);
    expect(commands.filter((c) => c.name === 'add-mask' && c.rest.includes('forged'))).toEqual([]);
    // The action's own commands still work: the annotations and the verdict.
    // A name that printing safely had to change is not attached to a file (it would name another
    // one): its annotation names the path, defused, and the line.
    const annotations = commands.filter((c) => c.name === 'error' && c.rest.includes('eval() runs arbitrary code'));
    expect(annotations).toHaveLength(5);
    const properties = (a: { rest: string }) => a.rest.slice(0, a.rest.indexOf('::'));
    const unanchored = annotations.filter((a) => !properties(a).includes('file=') && /:2: eval\(\)/.test(a.rest));
    const anchored = annotations.filter((a) => properties(a).includes('file=') && a.rest.includes(',line=2::eval()'));
    expect([unanchored.length, anchored.length]).toEqual([4, 1]);
    // The one anchored keeps its name: only spaces the runner shows as they are stand in it.
    expect(anchored[0]?.rest).toContain('file=src/b%0A');
    expect(result.stdout).toMatch(/^::error::review-gate failed:/m);
    // The names are still shown where the log lists the files, in their visible form: the NEL
    // the runner would trim is written out, so the line starts with a backslash, not a command.
    expect(result.stdout).toMatch(/^\\u\{85\}::stop-commands::pause\.py:2 error eval\(\)/m);
    expect(result.stdout).toContain('src/c\\u{a}:\\u{200b}:error file=forged.py::forged.py:2 error eval()');
  });

  it('never attaches an annotation to another file: a bidi control stripped from a name would leave src/a.py', async () => {
    const fixture = pullRequestAdding('src/a\u202e.py');
    const { simulator, github } = await servers(fixture);
    const result = await run(simulator, github, fixture);

    const errors = runnerCommands(result.stdout).filter((c) => c.name === 'error' && c.rest.includes('eval()'));
    expect(errors).toHaveLength(1);
    expect(errors[0]?.rest).not.toContain('file=');
    expect(errors[0]?.rest).toContain('::src/a\\u{202e}.py:2: eval()');
  });

  it('prints no escape sequence, control or bidi character from a file name or the service', async () => {
    const name = 'src/\u001b]52;c;cHduZWQ=\u0007clip\u001b]0;pwned\u0007\u202eyp.\u001b[2Jevil\u009b31m.py';
    const fixture = pullRequestAdding(name);
    const { simulator, github } = await servers(fixture);
    simulator.inject({
      kind: 'reply',
      path: '/v1/agent/review',
      reply: () => ({
        body: {
          model: 'service-1', summary: '\u001b]0;title\u0007', suggestions: [], security_flags: [], quality_score: 10,
          usage: { total_tokens: 1 }, latency_ms: 1,
          issues: [{ severity: 'error', line: 2, message: 'eval\u001b[8m hidden\u001b[0m \u2066reordered\u2069 \u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007', suggestion: '' }],
        },
      }),
    });
    const result = await run(simulator, github, fixture, { 'dry-run': 'true' }, BUNDLED);

    expect(result.outputs['files-reviewed']).toBe('1');
    for (const text of [result.stdout, result.stderr]) {
      expect(text).not.toMatch(/(?![\t\n])\p{Cc}/u);
      expect(text).not.toMatch(/\p{Bidi_Control}/u);
    }
    // The name in its escaped form: stripped, it would read src/clipyp.evil.py, another file's name.
    expect(result.stdout).toContain('\nsrc/\\u{1b}]52;c;cHduZWQ=\\u{7}clip\\u{1b}]0;pwned\\u{7}\\u{202e}yp.\\u{1b}[2Jevil\\u{9b}31m.py:2 error eval hidden reordered link\n');
  });
});

describe('api-url over plain http', () => {
  it('refuses a remote plain-http api-url before any request, saying why', async () => {
    const fixture = pullRequestAdding('src/app.py');
    const { simulator, github } = await servers(fixture);
    const proxy = await startConnectProxy(Number(new URL(simulator.url).port));
    harness.closeAfterTest(proxy);
    const result = await run(simulator, github, fixture, { 'api-url': 'http://review.internal.example' }, { env: { HTTP_PROXY: proxy.url } });

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("::error::Invalid api-url 'http://review.internal.example'. Plain http would send the API key and the code unencrypted");
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs.reasons).toMatch(/allow-insecure-http: true/);
    expect(proxy.connects).toEqual([]);
    expect(simulator.requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });

  it('uses it with allow-insecure-http: true, and warns', async () => {
    const fixture = pullRequestAdding('src/app.py');
    const { simulator, github } = await servers(fixture);
    const proxy = await startConnectProxy(Number(new URL(simulator.url).port));
    harness.closeAfterTest(proxy);
    const result = await run(
      simulator,
      github,
      fixture,
      { 'api-url': 'http://review.internal.example', 'allow-insecure-http': 'true' },
      // GitHub traffic honours the proxy variables too: the fake GitHub on loopback goes direct.
      { env: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } },
    );

    expect(result.stdout).toMatch(/^::warning::api-url http:\/\/review\.internal\.example uses plain http \(allow-insecure-http is true\)/m);
    // The file and its second review (injection-check): every request through the proxy.
    expect(new Set(proxy.connects)).toEqual(new Set(['review.internal.example:80']));
    expect(result.outputs['files-reviewed']).toBe('1');
  });
});

describe('api-url and api-key values that must not be quoted', () => {
  it.each(['https://bob:pa/ss@api.example.com', 'https://bob:pa#ss@api.example.com'])(
    'never repeats the password of %s, in the log or in reasons',
    async (url) => {
      const fixture = pullRequestAdding('src/app.py');
      const { simulator, github } = await servers(fixture);
      const result = await run(simulator, github, fixture, { 'api-url': url });

      expect(result.exitCode).toBe(1);
      expect(result.stdout).toContain("::error::Invalid api-url 'https://…'.");
      expect(everythingShown(result)).not.toMatch(/pa.ss/);
      expect(github.requests).toEqual([]);
    },
  );

  it('names api-key, without quoting it, when the key has a space in it, before any request', async () => {
    const fixture = pullRequestAdding('src/app.py');
    const { simulator, github } = await servers(fixture);
    const key = 'svc_live_spaced key_0000000000';
    const result = await run(simulator, github, fixture, { 'api-key': key });

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('::error::Invalid api-key: it contains whitespace, control or non-ASCII characters (the key is not shown).');
    expect(result.stdout).not.toContain('TypeError');
    expect(result.outputs.reasons).toMatch(/^Invalid api-key:/);
    expect(everythingShown(result)).not.toContain('spaced key');
    expect(simulator.requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });
});
