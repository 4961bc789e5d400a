/** The `merge_group` event the runner sends when GitHub's merge queue asks for checks. */
import type { PullRequestFixture } from '../doubles/run-action';

/** The event for a merge group of pull request `pr` of `fixture`: the queue's commit `headSha` on top of `baseSha`. */
export function mergeGroupEvent(baseSha: string, headSha: string, fixture: PullRequestFixture, pr = fixture.number) {
  return {
    action: 'checks_requested',
    merge_group: {
      head_sha: headSha,
      head_ref: `refs/heads/gh-readonly-queue/main/pr-${pr}-${fixture.headSha}`,
      base_sha: baseSha,
      base_ref: 'refs/heads/main',
      head_commit: { id: headSha, tree_id: 'f'.repeat(40), message: `Merge pull request #${pr}`, timestamp: '2025-01-01T00:00:00Z' },
    },
    repository: { full_name: `${fixture.owner}/${fixture.repo}`, name: fixture.repo, owner: { login: fixture.owner } },
  };
}
