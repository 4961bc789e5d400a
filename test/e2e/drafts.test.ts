/**
 * End to end, the action on draft pull requests: reviewed as usual, unless
 * `skip-drafts: true`; then the check run on the head concludes `neutral` with one line saying
 * why — never `success` — and no review request is made, nothing is posted; `ready_for_review`
 * reviews it.
 */
import { describe, expect, it } from 'vitest';
import { fakePullOf, pullRequestEvent } from '../doubles/run-action';
import type { RunningSimulator } from '../doubles/simulator';
import { useAction } from './harness';

const { demo, servers, runAgainst } = useAction();

/** The pull_request event of the demo pull request as a draft (or, with `ready_for_review`, one made ready). */
function draftEvent(action: 'opened' | 'synchronize' | 'ready_for_review', draft: boolean): unknown {
  const event = pullRequestEvent(demo) as { pull_request: Record<string, unknown> };
  return { ...event, action, pull_request: { ...event.pull_request, draft } };
}

const reviews = (simulator: RunningSimulator) => simulator.requests.filter((r) => r.path === '/v1/agent/review').length;
const REASON = `Skipped: #${demo.number} is a draft and skip-drafts is true; marking it ready for review (the ready_for_review event) reviews it.`;

describe('a draft pull request', () => {
  it('with skip-drafts: true gets a neutral check run with one line saying why, and no review request, comment or review', async () => {
    const { simulator, github } = await servers({ github: { pulls: [{ ...fakePullOf(demo), draft: true }] } });
    const result = await runAgainst(simulator, github, demo, { 'skip-drafts': 'true' }, { event: draftEvent('opened', true) });

    expect(result.exitCode).toBe(0);
    expect(reviews(simulator)).toBe(0);
    expect(github.checkRuns).toHaveLength(1);
    expect(github.checkRuns[0]).toMatchObject({ head_sha: demo.headSha, conclusion: 'neutral', output: { title: 'Skipped: draft pull request (skip-drafts: true)' } });
    expect(github.checkRuns[0]?.output.summary).toMatch(new RegExp(`^${REASON.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
    expect(github.reviews).toEqual([]);
    expect(github.issueComments).toEqual([]);
    expect(result.outputs).toMatchObject({ result: 'neutral', reasons: REASON });
    expect(result.stepSummary).toBe(`${REASON}\n`);
    expect(result.stdout).toContain(REASON);
  });

  it('with skip-drafts: true reads the draft state from GitHub when the event does not carry it (pr-number)', async () => {
    const { simulator, github } = await servers({ github: { pulls: [{ ...fakePullOf(demo), draft: true }] } });
    const result = await runAgainst(simulator, github, demo, { 'skip-drafts': 'true', 'pr-number': String(demo.number) }, { eventName: 'workflow_dispatch', event: {} });

    expect(result.exitCode).toBe(0);
    expect(reviews(simulator)).toBe(0);
    expect(github.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[demo.headSha, 'neutral']]);
  });

  it('is reviewed as usual without skip-drafts', async () => {
    const { simulator, github } = await servers({ github: { pulls: [{ ...fakePullOf(demo), draft: true }] } });
    const result = await runAgainst(simulator, github, demo, {}, { event: draftEvent('opened', true) });

    expect(result.exitCode).toBe(1);
    // The demo's five files, four of them again with their comments and strings blanked (injection-check).
    expect(reviews(simulator)).toBe(9);
    expect(github.checkRuns.map((c) => c.conclusion)).toEqual(['failure']);
  });

  it('is reviewed on ready_for_review, with skip-drafts: true', async () => {
    const { simulator, github } = await servers();
    const result = await runAgainst(simulator, github, demo, { 'skip-drafts': 'true' }, { event: draftEvent('ready_for_review', false) });

    expect(result.exitCode).toBe(1);
    // The demo's five files, four of them again with their comments and strings blanked (injection-check).
    expect(reviews(simulator)).toBe(9);
    expect(github.checkRuns.map((c) => c.conclusion)).toEqual(['failure']);
  });
});
