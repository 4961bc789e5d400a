import { describe, expect, it } from 'vitest';
import { EventError, resolveReviewTarget } from '../../src/config/event';
import type { ActionEvent } from '../../src/config/event';

const BASE = 'b'.repeat(40);
const HEAD = 'c'.repeat(40);
const PR_HEAD = 'd'.repeat(40);

function mergeGroup(group: Record<string, unknown>, action: unknown = 'checks_requested'): ActionEvent {
  return { name: 'merge_group', repository: 'acme/shop', payload: { action, merge_group: group } };
}

describe('resolveReviewTarget on merge_group', () => {
  it('reviews base_sha...head_sha and names the pull request of the queue branch', () => {
    const target = resolveReviewTarget(mergeGroup({ base_sha: BASE, head_sha: HEAD, head_ref: `refs/heads/gh-readonly-queue/main/pr-42-${PR_HEAD}` }), undefined);

    expect(target).toEqual({
      kind: 'merge-group',
      group: { kind: 'merge-group', owner: 'acme', repo: 'shop', baseSha: BASE, headSha: HEAD, headRef: `refs/heads/gh-readonly-queue/main/pr-42-${PR_HEAD}`, pulls: [42] },
    });
  });

  it('reads the pull request of a queue branch whose base branch has slashes in its name', () => {
    const target = resolveReviewTarget(mergeGroup({ base_sha: BASE, head_sha: HEAD, head_ref: `refs/heads/gh-readonly-queue/release/2.x/pr-7-${PR_HEAD}` }), undefined);
    expect(target).toMatchObject({ kind: 'merge-group', group: { pulls: [7] } });
  });

  it('names no pull request when head_ref is not a queue branch, and still reviews the SHAs', () => {
    for (const headRef of ['refs/heads/main', `refs/heads/gh-readonly-queue/main/pr-x-${PR_HEAD}`, undefined]) {
      const target = resolveReviewTarget(mergeGroup({ base_sha: BASE, head_sha: HEAD, head_ref: headRef }), undefined);
      expect(target).toMatchObject({ kind: 'merge-group', group: { baseSha: BASE, headSha: HEAD, pulls: [] } });
    }
  });

  it('stops with the field and the value when a SHA is missing or not a commit SHA', () => {
    expect(() => resolveReviewTarget(mergeGroup({ base_sha: 'main', head_sha: HEAD }), undefined)).toThrow(
      new EventError('The merge_group event payload has no commit SHA in merge_group.base_sha (got "main"), so there is nothing to review.'),
    );
    expect(() => resolveReviewTarget(mergeGroup({ base_sha: BASE }), undefined)).toThrow(/merge_group\.head_sha \(got nothing\)/);
  });

  it('asks for nothing on another action of the event', () => {
    expect(resolveReviewTarget(mergeGroup({ base_sha: BASE, head_sha: HEAD }, 'destroyed'), undefined)).toEqual({
      kind: 'nothing',
      reason: "the merge_group event's action is 'destroyed', and only checks_requested asks for checks",
    });
  });

  it('reviews the pull request pr-number names, whatever the event', () => {
    const target = resolveReviewTarget(mergeGroup({ base_sha: BASE, head_sha: HEAD }), 9);
    expect(target).toMatchObject({ kind: 'pull-request', number: 9 });
  });
});

describe('resolveReviewTarget on a pull request', () => {
  const pullEvent = (draft: unknown): ActionEvent => ({
    name: 'pull_request',
    repository: 'acme/shop',
    payload: { pull_request: { number: 7, draft, head: { sha: HEAD, repo: { full_name: 'acme/shop' } }, base: { sha: BASE, repo: { full_name: 'acme/shop' } } } },
  });

  it("knows whether it is a draft from the event's payload, and leaves it unknown otherwise", () => {
    expect(resolveReviewTarget(pullEvent(true), undefined)).toMatchObject({ kind: 'pull-request', number: 7, draft: true });
    expect(resolveReviewTarget(pullEvent(false), 7)).toMatchObject({ kind: 'pull-request', number: 7, draft: false });
    expect(resolveReviewTarget(pullEvent('yes'), undefined)).not.toHaveProperty('draft');
    expect(resolveReviewTarget(pullEvent(true), 8)).not.toHaveProperty('draft');
  });
});

describe('resolveReviewTarget on an edit of the pull request', () => {
  const edited = (changes: unknown, name = 'pull_request'): ActionEvent => ({
    name,
    repository: 'acme/shop',
    payload: { action: 'edited', changes, pull_request: { number: 7, head: { sha: HEAD }, base: { sha: BASE, ref: 'main' } } },
  });

  it('reviews an edit that changed the base: a retarget', () => {
    expect(resolveReviewTarget(edited({ base: { ref: { from: 'legacy' }, sha: { from: PR_HEAD } } }), undefined)).toMatchObject({ kind: 'pull-request', number: 7, baseRef: 'main', baseSha: BASE });
    expect(resolveReviewTarget(edited({ base: { ref: { from: 'legacy' } } }, 'pull_request_target'), 7)).toMatchObject({ kind: 'pull-request' });
  });

  it('has nothing to do on any other edit, and names what it changed', () => {
    expect(resolveReviewTarget(edited({ title: { from: 'x' }, body: { from: '' } }), undefined)).toEqual({
      kind: 'nothing',
      reason: 'the pull request was edited (title, body), not retargeted: its base is unchanged, so the check on its head stands',
    });
    expect(resolveReviewTarget(edited(undefined, 'pull_request_target'), undefined)).toMatchObject({ kind: 'nothing', reason: expect.stringContaining('(nothing GitHub named)') });
  });

  it('reviews another pull request pr-number names, whatever the edit', () => {
    expect(resolveReviewTarget(edited({ title: { from: 'x' } }), 8)).toMatchObject({ kind: 'pull-request', number: 8 });
  });
});

describe('resolveReviewTarget on workflow_run', () => {
  const run = (extra: Record<string, unknown> = {}): ActionEvent => ({
    name: 'workflow_run',
    repository: 'acme/shop',
    payload: { action: 'completed', workflow_run: { head_sha: HEAD, head_branch: 'patch-1', head_repository: { full_name: 'mallory/shop' }, ...extra } },
  });

  it('names the head to judge every open pull request of, with the pr-number input when given and without it', () => {
    const head = { repository: 'mallory/shop', branch: 'patch-1', sha: HEAD };
    expect(resolveReviewTarget(run(), undefined)).toEqual({ kind: 'workflow-run', owner: 'acme', repo: 'shop', head });
    expect(resolveReviewTarget(run(), 8)).toEqual({ kind: 'workflow-run', owner: 'acme', repo: 'shop', head, named: 8 });
  });

  it('refuses a payload that names no head, before any request', () => {
    expect(() => resolveReviewTarget(run({ head_branch: null }), undefined)).toThrow(EventError);
  });
});
