/**
 * End to end: a pull request of more than 3,000 files. GitHub's API lists at most 3,000; a checkout
 * with both commits has no cap, so `max-files` goes past 3,000 there, and through the API the run
 * says that a checkout lifts the limit.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../doubles/simulator';
import { generatedPull } from '../support/generated-pull';
import { useAction } from './harness';

const { servers, runAgainst } = useAction();
const FILES = 3100;
const unlimited = { keys: [{ key: DEMO_KEY, scopes: ['review' as const], rpm: Infinity, dailyLimit: Infinity }] };

describe('past 3,000 changed files', () => {
  it('reviews every one of 3,100 changed files from a checkout with both commits', { timeout: 300_000 }, async () => {
    const pull = await generatedPull(FILES, 3, { repo: true });
    try {
      const { simulator, github } = await servers({ fixture: pull.fixture, simulator: unlimited });

      // One request a file: injection-check's second reviews are not what this counts.
      const result = await runAgainst(simulator, github, pull.fixture, { 'max-files': String(FILES), concurrency: '16', 'injection-check': 'off' }, { env: { GITHUB_WORKSPACE: pull.repo ?? '' } });

      expect(result.outputs['files-reviewed']).toBe(String(FILES));
      expect(result.outputs['files-failed']).toBe('0');
      expect(simulator.requests.filter((r) => r.path === '/v1/agent/review')).toHaveLength(FILES);
      expect(result.stdout).toContain('Changed files, patches and contents: from the checkout');
      expect(github.requests.filter((r) => r.path.endsWith('/files') || r.path.includes('/git/blobs/'))).toEqual([]);
    } finally {
      pull.dispose();
    }
  });

  it('through the API, reviews GitHub\'s 3,000 and fails as incomplete, saying a checkout lists them all', { timeout: 300_000 }, async () => {
    const pull = await generatedPull(FILES, 3);
    const { simulator, github } = await servers({ fixture: pull.fixture, simulator: unlimited });

    // What this checks is GitHub's cap; injection-check's second reviews would double the service's work.
    const result = await runAgainst(simulator, github, pull.fixture, { 'max-files': String(FILES), concurrency: '16', 'dry-run': 'true', 'injection-check': 'off' });

    expect(result.outputs['files-reviewed']).toBe('3000');
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs.reasons).toContain(
      'files past GitHub’s 3,000-file list limit (never listed; a checkout with both commits, actions/checkout with fetch-depth: 0, lists them all)',
    );
    expect(result.stdout).toMatch(/100 of 3100 files past the cap were not listed and will not be reviewed\. A checkout with both commits \(actions\/checkout with fetch-depth: 0\) has no such cap\./);
  });

  it('refuses a max-files past its documented bound, naming the value and the range', async () => {
    const pull = await generatedPull(1, 3);
    const { simulator, github } = await servers({ fixture: pull.fixture });

    const result = await runAgainst(simulator, github, pull.fixture, { 'max-files': '10001' });

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("Invalid max-files '10001'. Expected a whole number from 1 to 10000.");
    expect(github.requests).toEqual([]);
  });
});
