/**
 * review-gate's check runs on a commit, as GitHub lists them: those of the check's name that carry
 * our `external_id` marker (a job's own check run may carry the same name, but not the marker),
 * each with the fields the writes read, the record on its summary's last line among them.
 */
import { shortSha } from '../../domain/object-name';
import type { GitHubClient, GitHubLog } from '../../github/octokit';
import type { WriteGate } from '../../github/write-gate';
import { integer, object, optional, string } from '../../domain/shape';
import { readRestList } from '../../github/paged-list';

/** Marks check runs review-gate wrote: a job's own check run may carry the same name. */
export const CHECK_RUN_EXTERNAL_ID = 'review-gate';

export interface CheckRunContext {
  octokit: GitHubClient;
  gate: WriteGate;
  log?: GitHubLog;
}

export interface Repository {
  owner: string;
  repo: string;
}

/** One of review-gate's check runs on a commit (its name and `external_id` marker), as listed. */
export interface ListedCheckRun {
  id: number;
  url: string | undefined;
  appId: number | undefined;
  /** `queued`, `in_progress` or `completed`. */
  status: string | null;
  conclusion: string | null;
  title: string | null;
  summary: string | null;
}

/** The fields of a listed check run review-gate reads. */
const CHECK_RUN = object({
  id: integer,
  name: string,
  external_id: optional(string),
  html_url: optional(string),
  status: optional(string),
  conclusion: optional(string),
  app: optional(object({ id: integer })),
  output: optional(object({ title: optional(string), summary: optional(string) })),
});

/** review-gate's check runs of `name` on `headSha`: a job's own check run may carry the same name, but not our marker. */
export async function listOwnCheckRuns({ octokit }: CheckRunContext, repository: Repository, name: string, headSha: string): Promise<ListedCheckRun[]> {
  const runs = await readRestList(
    { what: `the check runs named '${name}' on ${shortSha(headSha)}`, entry: CHECK_RUN, identity: (run) => `check run ${run.id}`, perPage: 100 },
    (page) => octokit.rest.checks.listForRef({ ...repository, ref: headSha, check_name: name, filter: 'all', per_page: 100, page }),
    // GitHub wraps this list: `{ total_count, check_runs: […] }` on every page.
    (data) => (typeof data === 'object' && data !== null && 'check_runs' in data ? data.check_runs : data),
  );
  return runs
    .filter((run) => run.name === name && run.external_id === CHECK_RUN_EXTERNAL_ID)
    .map((run) => ({
      id: run.id,
      url: run.html_url,
      appId: run.app?.id,
      status: run.status ?? null,
      conclusion: run.conclusion ?? null,
      title: run.output?.title ?? null,
      summary: run.output?.summary ?? null,
    }));
}

/** The newest check run: GitHub shows, and branch protection reads, the newest of a name. */
export function newestOf<T extends { id: number }>(runs: readonly T[]): T | undefined {
  return runs.reduce<T | undefined>((best, run) => (best === undefined || run.id > best.id ? run : best), undefined);
}

