/**
 * End to end, on the bundled dist/index.js: a service that echoes the key (and the GitHub token)
 * re-encoded — base64 at any offset, hex, upper-cased, HTML entities — gets none of it to GitHub,
 * the job summary or the log. The checks decode what was sent, as a reader of the pull request
 * would, instead of looking for the exact strings the service sent.
 */
import { describe, expect, it } from 'vitest';
import type { FaultRequest } from '../doubles/simulator';
import type { FakeGitHub } from '../doubles/fake-github';
import { GITHUB_TOKEN } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { useBundledAction } from './harness';

const harness = useBundledAction();
const { runAgainst: run } = harness;

const KEY = 'svc_live_e2e+key/with"quote_0001';

const base64 = (text: string) => Buffer.from(text).toString('base64');
const hex = (text: string) => Buffer.from(text).toString('hex');
const entities = (text: string, write: (code: number) => string) => [...text].map((c) => write(c.codePointAt(0)!)).join('');

/** Every way the service writes a secret; the base64 ones put it at byte offsets 0, 1 and 2. */
function encodings(secret: string): string[] {
  return [
    base64(secret),
    Buffer.from(secret).toString('base64url'),
    base64(`Bearer ${secret}`),
    base64(`api-key: ${secret}`),
    hex(secret),
    hex(secret).toUpperCase(),
    secret.toUpperCase(),
    entities(secret, (code) => `&#${code};`),
    entities(secret, (code) => `&#x${code.toString(16)};`),
  ];
}

/** Whether `text`, decoded the ways a reader would, holds `secret`. */
function revealsSecret(text: string, secret: string): boolean {
  const needle = secret.toLowerCase();
  const decodedEntities = text.replace(/&#(x?)([0-9a-f]+);/gi, (_, x: string, digits: string) => String.fromCodePoint(parseInt(digits, x === '' ? 10 : 16)));
  const base64Runs = (text.match(/[A-Za-z0-9+/_-]{12,}/g) ?? []).flatMap((run) => [0, 1, 2, 3].map((skip) => Buffer.from(run.slice(skip), 'base64').toString('latin1')));
  const hexRuns = (text.match(/[0-9a-f]{16,}/gi) ?? []).flatMap((run) => [0, 1].map((skip) => Buffer.from(run.slice(skip), 'hex').toString('latin1')));
  return [decodedEntities, ...base64Runs, ...hexRuns].some((decoded) => decoded.toLowerCase().includes(needle));
}

/** Every string of every request body sent to GitHub, as GitHub stores it. */
function stringsSentToGitHub(github: FakeGitHub): string[] {
  const strings = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([k, v]) => [k, ...strings(v)]) : [];
  return github.requests.flatMap((request) => [request.path, ...Object.values(request.query), ...strings(request.body)]);
}

function echoingReview(request: FaultRequest) {
  const key = (request.authorization ?? '').replace(/^Bearer /, '');
  const [first, ...rest] = encodings(key);
  return {
    body: {
      model: 'service-1',
      summary: `Reviewed with ${first}`,
      issues: [
        { severity: 'error', line: 2, message: `eval() again; your key is ${rest.join(' or ')}`, suggestion: `rotate ${encodings(GITHUB_TOKEN).join(' and ')}` },
      ],
      suggestions: encodings(key).map((form) => `never share ${form}`),
      security_flags: [],
      quality_score: 40,
      usage: { total_tokens: 10 },
      latency_ms: 5,
    },
  };
}

describe('secrets the service echoes back re-encoded', () => {
  it('posts, summarizes and logs the finding with no base64, hex, upper-case or HTML-entity form of the key or the token', async () => {
    const fixture: PullRequestFixture = {
      ...harness.demo,
      files: [{ filename: 'src/app.py', status: 'added', content: 'import os\nvalue = eval(os.environ["X"])\n', patch: '@@ -0,0 +1,2 @@\n+import os\n+value = eval(os.environ["X"])' }],
    };
    const { simulator, github } = await harness.servers({ fixture });
    simulator.inject({ kind: 'reply', path: '/v1/agent/review', times: 5, reply: echoingReview });
    const result = await run(simulator, github, fixture, { 'api-key': KEY, 'min-score': '50' });

    expect(result.exitCode).toBe(1);
    // The finding and the summary still reach the pull request, each form of the key replaced.
    expect(github.reviewComments).toHaveLength(1);
    expect(github.reviewComments[0]?.body).toContain('eval() again; your key is [redacted] or ');
    expect(github.issueComments).toHaveLength(1);

    const log = result.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::')).join('\n');
    const surfaces = { github: stringsSentToGitHub(github).join('\n'), summary: result.stepSummary, stdout: log, stderr: result.stderr };
    expect(surfaces.github.length).toBeGreaterThan(0);
    expect(surfaces.summary.length).toBeGreaterThan(0);
    // The checks are able to see each form when it is there.
    for (const form of [...encodings(KEY), ...encodings(GITHUB_TOKEN)]) {
      expect(revealsSecret(`x ${form} y`, KEY) || revealsSecret(`x ${form} y`, GITHUB_TOKEN)).toBe(true);
    }
    for (const [surface, text] of Object.entries(surfaces)) {
      expect({ surface, key: revealsSecret(text, KEY), token: revealsSecret(text, GITHUB_TOKEN) }).toEqual({ surface, key: false, token: false });
    }
  });
});
