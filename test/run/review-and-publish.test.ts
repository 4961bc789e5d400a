/**
 * reviewAndPublish, the one assembly both entries call: the policy gives the settings in force,
 * and the pipeline's dependencies, the gate and every surface see only that value; a run that
 * stops before its verdict tells the entry and closes its source; nothing is reviewed under an
 * invalid policy.
 */
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/settings';
import type { Settings } from '../../src/config/settings';
import type { Policy } from '../../src/config/settings-types';
import type { ChangedFile, PullRequestRef, PullRequestSource } from '../../src/domain/pull-request';
import type { RunReport } from '../../src/domain/run-report';
import { PolicyError } from '../../src/config/policy/policy-error';
import { reviewAndPublish } from '../../src/run/review-and-publish';
import type { OpenedSource, ReviewAssembly } from '../../src/run/review-and-publish';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import { reviewResult } from '../support/review-result';
import { createVirtualClock } from '../support/virtual-clock';

const pr: PullRequestRef = { owner: 'acme', repo: 'shop', number: 7, headSha: 'abc123' };
const inputs = readSettings((name) => ({ 'api-key': 'svc_live_x', 'api-url': 'http://127.0.0.1:1', 'min-score': '50' })[name] ?? '');
const file: ChangedFile = { path: 'a.py', status: 'added', blobSha: 'sha-a', additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+x = 1' };
/** The policy at the base raises min-score from the input's 50 to 90. */
const policy: Policy = { path: '.github/review-gate.yml', commit: 'base', settings: { minScore: 90 }, set: [{ key: 'min-score', value: '90' }], rules: [] };

function recorder() {
  const lines: string[] = [];
  const log = { info: (line: string) => void lines.push(line), warning: (line: string) => void lines.push(line), group: <T>(_n: string, run: () => Promise<T>) => run() };
  return { lines, log };
}

function source(reviews: string[]): PullRequestSource {
  return {
    listChangedFiles: () => Promise.resolve({ files: [file], truncated: false }),
    readFile: (_pr, read) => (reviews.push(read.path), Promise.resolve(Buffer.from('x = 1'))),
  };
}

/** An assembly over plain objects, recording what each step was given. */
function assembly(options: { score: number; readPolicy?: () => Promise<Policy | undefined>; reviewFails?: Error }) {
  const seen = { pipeline: [] as Settings[], surfaces: [] as Settings[], stopped: [] as unknown[], closed: 0, read: [] as string[], published: [] as RunReport[] };
  const { lines, log } = recorder();
  const steps: ReviewAssembly<OpenedSource> = {
    openSource: () =>
      Promise.resolve({
        source: source(seen.read),
        describe: () => 'Files read through the test source.',
        close: () => ((seen.closed += 1), Promise.resolve()),
      }),
    readPolicy: options.readPolicy ?? (() => Promise.resolve(policy)),
    pipelineDeps: (inForce) => {
      seen.pipeline.push(inForce);
      return {
        reviewOnce: () => (options.reviewFails === undefined ? Promise.resolve(reviewResult({ summary: 'fine', quality_score: options.score })) : Promise.reject(options.reviewFails)),
        publisher: undefined,
        clock: createVirtualClock(),
        log,
        retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: 0 },
      };
    },
    surfaces: (inForce, report) => {
      seen.surfaces.push(inForce);
      seen.published.push(report);
      return { log, outlets: [] };
    },
    stopped: (error) => (seen.stopped.push(error), Promise.resolve()),
  };
  return { steps, seen, lines };
}

describe('reviewAndPublish', () => {
  it("decides and publishes under the policy's settings, never the inputs'", async () => {
    const { steps, seen, lines } = assembly({ score: 70 });
    const published = await reviewAndPublish(inputs, pr, steps);

    // 70 passes the input's min-score 50 and fails the policy's 90: the policy's value decided.
    expect(published.verdict.result).toBe('failed');
    expect(seen.pipeline.map((s) => s.minScore)).toEqual([90]);
    expect(seen.surfaces.map((s) => s.minScore)).toEqual([90]);
    expect(published.policy?.path).toBe('.github/review-gate.yml');
    // The inputs' value is left as it was: nothing reassigns it.
    expect(inputs.minScore).toBe(50);
    expect(seen.closed).toBe(1);
    expect(seen.stopped).toEqual([]);
    expect(lines).toContain('Files read through the test source.');
  });

  it('without a policy file, the inputs are in force', async () => {
    const { steps, seen } = assembly({ score: 70, readPolicy: () => Promise.resolve(undefined) });
    const published = await reviewAndPublish(inputs, pr, steps);
    expect(published.verdict.result).toBe('passed');
    expect(seen.surfaces.map((s) => s.minScore)).toEqual([50]);
  });

  it('under an invalid policy file: reviews nothing, tells the entry, closes the source, and the error goes on', async () => {
    const invalid = new PolicyError('.github/review-gate.yml at base', ['min-score: 200 is not between 0 and 100']);
    const { steps, seen } = assembly({ score: 70, readPolicy: () => Promise.reject(invalid) });
    await expect(reviewAndPublish(inputs, pr, steps)).rejects.toBe(invalid);
    expect(seen.read).toEqual([]);
    expect(seen.pipeline).toEqual([]);
    expect(seen.surfaces).toEqual([]);
    expect(seen.stopped).toEqual([invalid]);
    expect(seen.closed).toBe(1);
  });

  it('a run that stops once the policy is read tells the entry and closes the source; no surface is built', async () => {
    const { steps, seen } = assembly({ score: 70 });
    const unusable = new Error('the cache folder cannot be created');
    steps.pipelineDeps = () => {
      throw unusable;
    };
    await expect(reviewAndPublish(inputs, pr, steps)).rejects.toBe(unusable);
    expect(seen.read).toEqual([]);
    expect(seen.stopped).toEqual([unusable]);
    expect(seen.surfaces).toEqual([]);
    expect(seen.closed).toBe(1);
  });
});
