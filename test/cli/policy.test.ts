/**
 * End to end: `review-gate` (run in-process: in-process.ts) honours the repository's policy file,
 * `.github/review-gate.yml`, as it is at the comparison base — never the branch's or the working
 * tree's edit of it — so a terminal run judges as the pull request's will. An invalid policy is a
 * settings error (exit 2) before any review request. The bundle reading one, and which policy applied: policy.bundled.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { branchWithPolicy } from './cases';
import { useCli } from './in-process';

const cli = useCli();
const { reviewGate } = cli;
const reviewed = () => cli.simulator.requests.filter((r) => r.path === '/v1/agent/review').length;

describe('the terminal and the policy file', () => {
  it('says when the base policy overrides a flag given on the command line', async () => {
    branchWithPolicy(cli.repo, 'min-score: 96\n');
    const run = await reviewGate(['--base', 'main', '--min-score', '10']);

    expect(run.code).toBe(1);
    expect(run.err).toContain('note: --min-score is overridden by the policy file: min-score: 96.');
  });

  it('applies a rule of the base policy to the paths it matches', async () => {
    branchWithPolicy(cli.repo, 'min-score: 96\nrules:\n  - paths: web/**\n    min-score: 90\n');
    const run = await reviewGate(['--base', 'main', '--format', 'markdown']);

    expect(run.code).toBe(0);
    expect(run.out).toContain('- `web/app.js` — min-score 90 by rule 1 (`web/**`)');
    expect(run.out).toContain('This change edits `.github/review-gate.yml`: the edit applies once it is merged.');
  });

  it('refuses an invalid base policy as a settings error, exit 2, before any review request', async () => {
    branchWithPolicy(cli.repo, 'min-score: high\n');
    const run = await reviewGate(['--base', 'main']);

    expect(run.code).toBe(2);
    expect(reviewed()).toBe(0);
    expect(run.err).toMatch(/^review-gate: The policy file \.github\/review-gate\.yml at [0-9a-f]{12} is invalid, so nothing was reviewed: line 1: Invalid min-score 'high'\. Expected a whole number from 0 to 100$/m);
  });
});
