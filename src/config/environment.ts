/**
 * The runner's environment, read in one place. The Actions runner describes the run in
 * variables (GITHUB_*); they are read here once, into one typed object the entry point hands to
 * whatever needs a value, so no stage reads `process.env` on its own. The one other reader is
 * `gitEnvironment`, which builds the environment of git child processes from this one.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface RunnerEnvironment {
  /** GITHUB_WORKSPACE, else the process's folder: where relative input paths are resolved. */
  workspace: string;
  /** GITHUB_WORKSPACE when it is a git checkout (the source may read the pull request from it). */
  checkout: string | undefined;
  /** GITHUB_API_URL (GHES-aware); undefined: the client's default, api.github.com. */
  apiUrl: string | undefined;
  /** GITHUB_REPOSITORY, `owner/repo`, as set ('' when it is not). */
  repository: string;
  /** GITHUB_EVENT_PATH, for messages about the event payload. */
  eventPath: string;
  /** GITHUB_STEP_SUMMARY is set: the runner keeps a job summary for this step. */
  hasJobSummary: boolean;
  /** The workflow run's page (GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID), when all are set. */
  runUrl: string | undefined;
  /**
   * The ref the runner checked this action out at (GITHUB_ACTION_REPOSITORY, GITHUB_ACTION_REF):
   * the commit a workflow pins, or a tag; undefined for `uses: ./` and outside a runner.
   */
  actionRef: { repository: string; ref: string } | undefined;
}

export function readRunnerEnvironment(env: NodeJS.ProcessEnv, cwd: string): RunnerEnvironment {
  const set = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const workspace = set('GITHUB_WORKSPACE');
  const server = set('GITHUB_SERVER_URL');
  const repository = set('GITHUB_REPOSITORY');
  const runId = set('GITHUB_RUN_ID');
  const actionRepository = set('GITHUB_ACTION_REPOSITORY');
  const actionRef = set('GITHUB_ACTION_REF');
  return {
    actionRef: actionRepository === undefined || actionRef === undefined ? undefined : { repository: actionRepository, ref: actionRef },
    workspace: workspace ?? cwd,
    checkout: workspace !== undefined && existsSync(join(workspace, '.git')) ? workspace : undefined,
    apiUrl: set('GITHUB_API_URL')?.replace(/\/+$/, ''),
    repository: env.GITHUB_REPOSITORY ?? '',
    eventPath: env.GITHUB_EVENT_PATH ?? '',
    hasJobSummary: set('GITHUB_STEP_SUMMARY') !== undefined,
    runUrl:
      server === undefined || repository === undefined || runId === undefined || !/^\d+$/.test(runId)
        ? undefined
        : `${server.replace(/\/+$/, '')}/${repository}/actions/runs/${runId}`,
  };
}

/**
 * The environment of the git processes that read the checkout: only what git needs, not the
 * action's inputs (INPUT_API-KEY, INPUT_GITHUB-TOKEN), and no way to fetch (a partial clone would
 * otherwise download each missing blob from the remote) or to read the system's configuration.
 */
export function gitEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {
    PATH: env.PATH ?? '',
    HOME: env.HOME ?? '',
    GIT_NO_LAZY_FETCH: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
  };
}
