import { afterEach, describe, expect, it } from 'vitest';
import { redactGitHubRequests } from '../../src/github/egress';
import { createRedactor } from '../../src/safety/redact';
import { HEAD, TOKEN, addedFilePatch, startFake } from './helpers';
import type { FakeGitHub } from '../doubles/fake-github';

const KEY = 'svc_live_egress_key_00000001';
const fakes: FakeGitHub[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

describe('redactGitHubRequests', () => {
  it('redacts the secrets from every parameter GitHub receives, and authenticates as before', async () => {
    const { fake, octokit } = await startFake([{ number: 7, headSha: HEAD, files: [{ filename: 'a.py', status: 'added', patch: addedFilePatch(2) }] }]);
    fakes.push(fake);
    redactGitHubRequests(octokit, createRedactor([KEY, TOKEN]));

    await octokit.rest.issues.createComment({ owner: 'acme', repo: 'widgets', issue_number: 7, body: `key ${KEY}, token ${TOKEN}` });
    await octokit.rest.pulls.createReview({
      owner: 'acme', repo: 'widgets', pull_number: 7, commit_id: HEAD, event: 'COMMENT', body: `review ${encodeURIComponent(KEY)}`,
      comments: [{ path: 'a.py', line: 1, side: 'RIGHT', body: `inline ${KEY}` }],
    });

    expect(fake.issueComments.map((c) => c.body)).toEqual(['key [redacted], token [redacted]']);
    expect(fake.reviews.map((r) => r.body)).toEqual(['review [redacted]']);
    expect(fake.reviewComments.map((c) => c.body)).toEqual(['inline [redacted]']);
    expect(fake.requests.every((r) => r.authorization === `token ${TOKEN}` || r.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });
});
