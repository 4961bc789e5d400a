/**
 * End to end: the bundled `review-gate` (dist/cli/index.js) honours the repository's policy file,
 * `.github/review-gate.yml`, as it is at the comparison base — never the branch's or the working
 * tree's edit of it — so a terminal run judges as the pull request's will. An invalid policy is a
 * settings error (exit 2) before any review request.
 */
import { describe, expect, it } from 'vitest';
import { useBundledCli } from './bundled';

const cli = useBundledCli();
const { reviewGate } = cli;
const reviewed = () => cli.simulator.requests.filter((r) => r.path === '/v1/agent/review').length;
const POLICY = '.github/review-gate.yml';

/** main holds `policy`; the branch adds a file with one warning (score 95) and relaxes the policy, committed and on disk. */
function branchWithPolicy(policy: string): string {
  cli.repo.write(POLICY, policy);
  cli.repo.write('README.md', '# shop\n');
  const base = cli.repo.commit('base');
  cli.repo.git('checkout', '-q', '-b', 'feature');
  cli.repo.write('web/app.js', "export function run() {\n  console.log('running');\n}\n");
  cli.repo.write(POLICY, 'min-score: 0\n');
  cli.repo.commit('feature relaxes the policy');
  cli.repo.write(POLICY, 'min-score: 0\nfail-on-severity: never\n');
  return base;
}

describe('the terminal and the policy file', () => {
  it("judges by the policy at the comparison base, not the branch's relaxed one, and says which applied", async () => {
    const base = branchWithPolicy('min-score: 96\nrules:\n  - paths: docs/**\n    min-score: 0\n');
    const run = await reviewGate(['--base', 'main', '--format', 'json']);

    expect(run.code).toBe(1);
    const report = JSON.parse(run.out) as { reasons: string[]; policy: unknown; files: Array<{ path: string; settings?: { minScore: number; rules: number[] } }> };
    expect(report.reasons).toEqual(['quality score 95 of web/app.js is below min-score 96']);
    expect(report.policy).toEqual({ path: POLICY, commit: base, rules: 1 });
    expect(report.files.find((f) => f.path === 'web/app.js')?.settings).toMatchObject({ minScore: 96, rules: [] });
    expect(run.err).toContain(`review-gate: policy .github/review-gate.yml at ${base.slice(0, 12)} (the base commit, read through git): sets min-score; 1 rule.`);
  });

  it('says when the base policy overrides a flag given on the command line', async () => {
    branchWithPolicy('min-score: 96\n');
    const run = await reviewGate(['--base', 'main', '--min-score', '10']);

    expect(run.code).toBe(1);
    expect(run.err).toContain('note: --min-score is overridden by the policy file: min-score: 96.');
  });

  it('applies a rule of the base policy to the paths it matches', async () => {
    branchWithPolicy('min-score: 96\nrules:\n  - paths: web/**\n    min-score: 90\n');
    const run = await reviewGate(['--base', 'main', '--format', 'markdown']);

    expect(run.code).toBe(0);
    expect(run.out).toContain('- `web/app.js` — min-score 90 by rule 1 (`web/**`)');
    expect(run.out).toContain('This change edits `.github/review-gate.yml`: the edit applies once it is merged.');
  });

  it('refuses an invalid base policy as a settings error, exit 2, before any review request', async () => {
    branchWithPolicy('min-score: high\n');
    const run = await reviewGate(['--base', 'main']);

    expect(run.code).toBe(2);
    expect(reviewed()).toBe(0);
    expect(run.err).toMatch(/^review-gate: The policy file \.github\/review-gate\.yml at [0-9a-f]{12} is invalid, so nothing was reviewed: line 1: Invalid min-score 'high'\. Expected a whole number from 0 to 100$/m);
  });
});
