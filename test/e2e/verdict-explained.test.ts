/**
 * End to end, the action with the policy example of docs/policy.md: a finding the
 * gate counts but that a policy rule keeps from failing the check (`legacy/**` never fails on
 * findings) says so, and which rule, on every surface of the verdict — the job summary, the
 * summary comment, the check run's summary and its annotation — from the finding's one label.
 * The log also says which build runs: the commit the runner checked the action out at.
 */
import { describe, expect, it } from 'vitest';
import { POLICY_PATH } from '../../src/config/policy/keys';
import { VERSION } from '../../src/domain/version';
import { fakePullOf } from '../doubles/run-action';
import { useAction } from './harness';
import { addedFile, fixtureOf } from './thread-fixtures';

const { servers, runAgainst } = useAction();

const POLICY = ['fail-on-severity: error', 'rules:', '  - paths: legacy/**', '    fail-on-severity: never', '    min-score: 0', ''].join('\n');
const BY_RULE = 'does not fail the check: fail-on-severity never for this file, by policy rule 1 (`legacy/**`)';

describe('a finding a policy rule keeps from failing the check', () => {
  it('says so, naming the rule, in the job summary, the summary comment and the check run', async () => {
    const fixture = fixtureOf([addedFile('legacy/billing.py', ['def run(rule):', '    return eval(rule)']), addedFile('src/app.py', ['VALUE = 1'])]);
    const { simulator, github } = await servers({ fixture, github: { pulls: [{ ...fakePullOf(fixture), baseFiles: { [POLICY_PATH]: POLICY } }] } });
    // The runner names the ref it checked the action out at: the log says which build this is.
    const pinned = '89e3855f7a379180ca1fc36bf892041c7cb0551d';
    const run = await runAgainst(simulator, github, fixture, {}, { env: { GITHUB_ACTION_REPOSITORY: 'acme/review-gate', GITHUB_ACTION_REF: pinned } });
    expect(run.stdout).toContain(`review-gate ${VERSION} (commit ${pinned.slice(0, 12)})`);

    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'passed', errors: '1' });
    const item = `\`legacy/billing.py:2\` — eval() runs arbitrary code; with untrusted input this is code injection. — ${BY_RULE}`;
    const [comment] = github.issueComments;
    const [check] = github.checkRuns;
    for (const [surface, text] of [['job summary', run.stepSummary], ['summary comment', comment?.body], ['check run', check?.output.summary]] as const) {
      expect(text, surface).toContain('Counted, but a policy rule keeps them from failing the check (1)');
      expect(text, surface).toContain(item);
    }
    expect(check?.conclusion).toBe('success');
    const annotation = check?.annotations.find((a) => a.path === 'legacy/billing.py');
    expect(annotation?.title).toContain('does not fail the check (fail-on-severity never for this file, by policy rule 1 (legacy/**))');
  });
});
