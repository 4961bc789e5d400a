import { labelled } from '../support/findings';
import { fingerprintMarker } from '../../src/domain/markers';
import { GitHubListError } from '../../src/github/errors';
import { createGitHubClient } from '../../src/github/octokit';
import type { GitHubClient, GitHubLog } from '../../src/github/octokit';
import { startFakeGitHub } from '../doubles/fake-github';
import type { FakeGitHub, FakeGitHubOptions, FakePull } from '../doubles/fake-github';
import type { PlannedComment } from '../../src/domain/writes';
import type { PullRequestRef } from '../../src/domain/pull-request';

export const TOKEN = 'ghs_testtoken_0123456789abcdef';
export const HEAD = 'a'.repeat(40);

export interface RecordingLog extends GitHubLog {
  lines: Array<{ level: 'debug' | 'info' | 'warning'; message: string }>;
}

export function recordingLog(): RecordingLog {
  const lines: RecordingLog['lines'] = [];
  return {
    lines,
    debug: (message) => lines.push({ level: 'debug', message }),
    info: (message) => lines.push({ level: 'info', message }),
    warning: (message) => lines.push({ level: 'warning', message }),
  };
}

/** A fake on 127.0.0.1 and a client whose plugin waits are a millisecond per second. */
export async function startFake(
  pulls: FakePull[],
  extra: Partial<FakeGitHubOptions> = {},
): Promise<{ fake: FakeGitHub; octokit: GitHubClient; log: RecordingLog }> {
  const fake = await startFakeGitHub({ owner: 'acme', repo: 'widgets', token: TOKEN, pulls, ...extra });
  const log = recordingLog();
  const octokit = createGitHubClient({
    token: TOKEN,
    baseUrl: fake.url,
    log,
    throttle: { retryAfterBaseValue: 1 },
    retry: { retryAfterBaseValue: 1 },
  });
  return { fake, octokit, log };
}

export function prRef(number = 7, headSha = HEAD): PullRequestRef {
  return { owner: 'acme', repo: 'widgets', number, headSha };
}

/** A patch adding `count` lines to a new file: lines 1..count are on the RIGHT side. */
export function addedFilePatch(count: number): string {
  const lines = Array.from({ length: count }, (_, i) => `+line ${i + 1}`);
  return [`@@ -0,0 +1,${count} @@`, ...lines].join('\n');
}

export function planned(path: string, line: number, n: number): PlannedComment {
  const fingerprint = n.toString(16).padStart(16, '0');
  return {
    path,
    line,
    fingerprint,
    body: `Finding ${n} on ${path}:${line}\n\n${fingerprintMarker(fingerprint)}`,
    finding: labelled({ path, line, severity: 'warning', message: `Finding ${n}`, suggestion: '', location: 'added-line' }),
  };
}

export function posts(fake: FakeGitHub, pathEnd: string): number {
  return fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith(pathEnd)).length;
}

/** Review writes on pull request 7: probes (POST without `event`), their deletions, and published reviews. */
export function reviewWrites(fake: FakeGitHub): { probes: number; deletes: number; submits: number; total: number } {
  const review = /^\/repos\/acme\/widgets\/pulls\/7\/reviews$/;
  const posts = fake.requests.filter((r) => r.method === 'POST' && review.test(r.path));
  const probes = posts.filter((r) => (r.body as { event?: unknown } | undefined)?.event === undefined).length;
  const deletes = fake.requests.filter((r) => r.method === 'DELETE' && /^\/repos\/acme\/widgets\/pulls\/7\/reviews\/\d+$/.test(r.path)).length;
  const submits = posts.length - probes;
  return { probes, deletes, submits, total: probes + deletes + submits };
}

/** Reviews on the pull request now, by state. */
export function reviewStates(fake: FakeGitHub): { submitted: number; pending: number } {
  return {
    submitted: fake.reviews.filter((r) => r.state !== 'PENDING').length,
    pending: fake.reviews.filter((r) => r.state === 'PENDING').length,
  };
}

/** The message of the GitHubListError `promise` rejects with; what happened instead otherwise. */
export function listRefusal(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'read',
    (error: unknown) => (error instanceof GitHubListError ? error.message : `not a GitHubListError: ${String(error)}`),
  );
}
