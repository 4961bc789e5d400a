/**
 * End to end: the bundled `review-gate` (dist/cli/index.js) reads the repository's policy file
 * through the parser it loads on first use (a chunk of the bundle of its own, with the YAML
 * parser), and judges by the file as it is at the comparison base, not the branch's relaxed one.
 * The rest of the policy's topic runs in-process: policy.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { useBundledCli } from './bundled';
import { POLICY, branchWithPolicy } from './cases';

const cli = useBundledCli();
const { reviewGate } = cli;

describe('the bundled terminal and the policy file', () => {
  it("judges by the policy at the comparison base, not the branch's relaxed one, and says which applied", async () => {
    const base = branchWithPolicy(cli.repo, 'min-score: 96\nrules:\n  - paths: docs/**\n    min-score: 0\n');
    const run = await reviewGate(['--base', 'main', '--format', 'json']);

    expect(run.code).toBe(1);
    const report = JSON.parse(run.out) as { reasons: string[]; policy: unknown; files: Array<{ path: string; settings?: { minScore: number; rules: number[] } }> };
    expect(report.reasons).toEqual(['quality score 95 of web/app.js is below min-score 96']);
    expect(report.policy).toEqual({ path: POLICY, commit: base, rules: 1 });
    expect(report.files.find((f) => f.path === 'web/app.js')?.settings).toMatchObject({ minScore: 96, rules: [] });
    expect(run.err).toContain(`review-gate: policy .github/review-gate.yml at ${base.slice(0, 12)} (the base commit, read through git): sets min-score; 1 rule.`);
  });
});
