import { describe, expect, it } from 'vitest';
import { EventError } from '../../src/config/event';
import { checkWorkflowRunHead, workflowRunHead } from '../../src/config/workflow-run';
import type { PullRequestSnapshot } from '../../src/github/pull-head';

const X = 'a'.repeat(40);
const Y = 'b'.repeat(40);
const payload = (run: Record<string, unknown>) => ({ action: 'completed', workflow_run: { head_sha: X, head_branch: 'patch-1', head_repository: { full_name: 'mallory/shop' }, ...run } });
const pull = (extra: Partial<PullRequestSnapshot> = {}): PullRequestSnapshot => ({
  headSha: X, headBranch: 'patch-1', headRepository: 'mallory/shop', state: 'open', baseSha: 'c'.repeat(40), baseRef: 'main', changedFiles: 1, draft: false, readAt: 0, ...extra,
});

describe('workflowRunHead', () => {
  it('reads the head repository, branch and commit the first stage ran on', () => {
    expect(workflowRunHead(payload({ head_sha: X.toUpperCase() }))).toEqual({ repository: 'mallory/shop', branch: 'patch-1', sha: X });
  });

  it.each([
    ['no workflow_run', {}],
    ['no head repository (a deleted fork)', payload({ head_repository: null })],
    ['an empty branch', payload({ head_branch: '' })],
    ['a head_sha that is not a commit', payload({ head_sha: 'main' })],
    ['a head_sha of 41 hex digits', payload({ head_sha: 'a'.repeat(41) })],
    ['a head_sha of 63 hex digits, neither SHA-1 nor SHA-256', payload({ head_sha: 'a'.repeat(63) })],
  ])('refuses a payload with %s: there is nothing to check pr-number against', (_, event) => {
    expect(() => workflowRunHead(event)).toThrow(EventError);
    expect(() => workflowRunHead(event)).toThrow(/^The workflow_run event payload has no workflow_run\.head_repository\.full_name, head_branch and head_sha/);
  });
});

describe('checkWorkflowRunHead', () => {
  const expected = { repository: 'mallory/shop', branch: 'patch-1', sha: X };

  it('accepts the pull request whose head the event names, the repository in any case', () => {
    expect(() => checkWorkflowRunHead(7, expected, pull())).not.toThrow();
    expect(() => checkWorkflowRunHead(7, expected, pull({ headRepository: 'Mallory/Shop' }))).not.toThrow();
  });

  it('names every value that differs, and that nothing was reviewed or written', () => {
    const other = pull({ headSha: Y, headBranch: 'main', headRepository: 'acme/shop' });
    expect(() => checkWorkflowRunHead(8, expected, other)).toThrow(
      "pr-number 8 does not name the pull request this workflow_run ran for: its head repository is 'acme/shop', the event's 'mallory/shop'; " +
        "its head branch is 'main', the event's 'patch-1'; its head commit is bbbbbbbbbbbb, the event's aaaaaaaaaaaa. Nothing was reviewed or written. " +
        "In the two-stage set-up pr-number comes from the first stage's artifact, which a fork can write: only a pull request whose head the event names is reviewed.",
    );
  });

  it('refuses a branch that differs only in case, and a deleted head repository', () => {
    expect(() => checkWorkflowRunHead(7, expected, pull({ headBranch: 'Patch-1' }))).toThrow(/its head branch is 'Patch-1', the event's 'patch-1'/);
    expect(() => checkWorkflowRunHead(7, expected, pull({ headRepository: null }))).toThrow(/its head repository is deleted, the event's 'mallory\/shop'/);
  });

  it('says the newer run reviews a pull request pushed to since the first stage ran', () => {
    expect(() => checkWorkflowRunHead(7, expected, pull({ headSha: Y }))).toThrow(
      /its head commit is bbbbbbbbbbbb, the event's aaaaaaaaaaaa\. Nothing was reviewed or written\. The pull request was pushed to since; the workflow_run of bbbbbbbbbbbb reviews it\.$/,
    );
  });
});
