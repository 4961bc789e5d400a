/**
 * Check runs for the fake GitHub, as GitHub keeps them where review-gate depends on it: created on
 * a commit of the repository (422 otherwise), at most 50 annotations per request (422 above), each
 * update's annotations appended to the ones already there, an `output.summary` of at most 65,535
 * characters, and listing by commit with the `check_name` filter. `permission` stands for the
 * token's `checks` permission: `read` refuses writes, `none` everything, with GitHub's 403.
 *
 * Status as GitHub keeps it: a check run is created `queued` unless told otherwise; `queued`,
 * `in_progress` and `completed` are the statuses an app may set (`waiting`, `requested` and
 * `pending` are GitHub Actions' own: 422); `completed` needs a conclusion, and a conclusion alone
 * completes the run. The order is queued → in_progress → completed, and a completed check run
 * never goes back (GitHub's own answer on its community forum, "Stale check runs"): the fake
 * refuses that with 422, so no code can lean on it. `started_at` is set at creation and
 * `completed_at` when it completes.
 */

export type ChecksPermission = 'write' | 'read' | 'none';

export interface FakeAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: string;
  title?: string;
  message: string;
}

export interface FakeCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  started_at: string;
  completed_at: string | null;
  external_id: string | null;
  details_url: string | null;
  html_url: string;
  app: { id: number; slug: string };
  output: { title: string | null; summary: string | null; annotations_count: number };
  /** Every annotation, in the order received. */
  annotations: FakeAnnotation[];
  /** Annotations per request that carried some (create and updates), to check the batching. */
  annotationBatches: number[];
}

type Reply = (status: number, body: unknown) => void;
type Paginate = (items: unknown[]) => void;

const READ_ONLY = { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest', status: '403' };
const NOT_FOUND = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' };
const LEVELS = new Set(['notice', 'warning', 'failure']);
/** The statuses an app may set; GitHub Actions alone sets `waiting`, `requested` and `pending`. */
const APP_STATUSES = new Set(['queued', 'in_progress', 'completed']);
const CONCLUSIONS = new Set(['action_required', 'cancelled', 'failure', 'neutral', 'success', 'skipped', 'timed_out']);
const MAX_SUMMARY = 65_535;

export interface FakeApp {
  id: number;
  slug: string;
}

/** The app the Actions token writes as. */
export const GITHUB_ACTIONS_APP: FakeApp = { id: 15368, slug: 'github-actions' };

export interface FakeChecks {
  runs: FakeCheckRun[];
  /**
   * A check run written by someone else (another app, a workflow job named like the check), as
   * if it were already on the commit. Only its own app may update it, as on GitHub.
   */
  add(this: void, run: { name: string; head_sha: string; conclusion: string; app: FakeApp; external_id?: string | null; title?: string; summary?: string }): FakeCheckRun;
  /** Handles `rest` (the path under the repository) when it is a checks route; false otherwise. */
  route(method: string, rest: string, query: Record<string, string>, input: Record<string, unknown>, reply: Reply, paginate: Paginate): boolean;
}

export function createFakeChecks(options: {
  web: string;
  permission: ChecksPermission;
  /** The app the token writes as (default GITHUB_ACTIONS_APP). */
  app?: FakeApp;
  isCommit(sha: string): boolean;
  nextId(): number;
}): FakeChecks {
  const app = options.app ?? GITHUB_ACTIONS_APP;
  const runs: FakeCheckRun[] = [];
  const json = (run: FakeCheckRun): Record<string, unknown> => {
    const { annotations: _a, annotationBatches: _b, ...shown } = run;
    return shown;
  };

  /** A problem with the write's body, as GitHub's 422 says it; undefined when it is valid. */
  function invalid(input: Record<string, unknown>, run?: FakeCheckRun): string | undefined {
    const { status, conclusion } = input;
    if (status !== undefined && (typeof status !== 'string' || !APP_STATUSES.has(status))) return `status ${JSON.stringify(status)} can only be set by GitHub Actions, or is not a status`;
    if (conclusion !== undefined && (typeof conclusion !== 'string' || !CONCLUSIONS.has(conclusion))) return `conclusion ${JSON.stringify(conclusion)} is not a conclusion`;
    if (input.status === 'completed' && typeof input.conclusion !== 'string') return 'conclusion is required when status is completed';
    if (run?.status === 'completed' && (input.status === 'queued' || input.status === 'in_progress')) return `a completed check run cannot go back to ${input.status}`;
    const output = input.output as { title?: unknown; summary?: unknown; annotations?: unknown } | undefined;
    if (output === undefined) return undefined;
    if (typeof output.title !== 'string' || typeof output.summary !== 'string') return 'output needs a title and a summary';
    if (output.summary.length > MAX_SUMMARY) return `output.summary is too long (maximum is ${MAX_SUMMARY} characters)`;
    const annotations = Array.isArray(output.annotations) ? (output.annotations as FakeAnnotation[]) : [];
    if (annotations.length > 50) return 'Only 50 annotations are allowed per request';
    const bad = annotations.find(
      (a) => typeof a.path !== 'string' || !Number.isInteger(a.start_line) || !Number.isInteger(a.end_line) || !LEVELS.has(a.annotation_level) || typeof a.message !== 'string',
    );
    return bad === undefined ? undefined : `annotation ${JSON.stringify(bad)} is invalid`;
  }

  function apply(run: FakeCheckRun, input: Record<string, unknown>): void {
    if (typeof input.status === 'string') run.status = input.status;
    // A conclusion completes the check run, whatever status came with it.
    if (typeof input.conclusion === 'string') {
      run.conclusion = input.conclusion;
      run.status = 'completed';
    }
    if (run.status === 'completed') run.completed_at ??= new Date().toISOString();
    if (typeof input.external_id === 'string') run.external_id = input.external_id;
    if (typeof input.details_url === 'string') run.details_url = input.details_url;
    const output = input.output as { title: string; summary: string; annotations?: FakeAnnotation[] } | undefined;
    if (output === undefined) return;
    const annotations = output.annotations ?? [];
    run.output.title = output.title;
    run.output.summary = output.summary;
    run.annotations.push(...annotations);
    run.output.annotations_count = run.annotations.length;
    if (annotations.length > 0) run.annotationBatches.push(annotations.length);
  }

  function route(method: string, rest: string, query: Record<string, string>, input: Record<string, unknown>, reply: Reply, paginate: Paginate): boolean {
    const listByRef = /^\/commits\/([^/]+)\/check-runs$/.exec(rest);
    const one = /^\/check-runs\/(\d+)$/.exec(rest);
    const annotationsOf = /^\/check-runs\/(\d+)\/annotations$/.exec(rest);
    const create = rest === '/check-runs';
    if (listByRef === null && one === null && annotationsOf === null && !create) return false;
    if (options.permission === 'none' || (method !== 'GET' && options.permission === 'read')) {
      reply(403, READ_ONLY);
      return true;
    }
    if (listByRef !== null && method === 'GET') {
      const sha = decodeURIComponent(listByRef[1] ?? '');
      const listed = runs.filter((r) => r.head_sha === sha && (query.check_name === undefined || r.name === query.check_name));
      // GitHub wraps this list: `{ total_count, check_runs }` on every page.
      const perPage = Math.min(Number(query.per_page ?? 30) || 30, 100);
      const page = Math.max(Number(query.page ?? 1) || 1, 1);
      reply(200, { total_count: listed.length, check_runs: listed.slice((page - 1) * perPage, page * perPage).map(json) });
      return true;
    }
    if (create && method === 'POST') {
      const problem = typeof input.name !== 'string' || input.name === '' ? 'name is missing' : invalid(input);
      if (problem !== undefined) reply(422, { message: 'Validation Failed', errors: [problem], status: '422' });
      else if (typeof input.head_sha !== 'string' || !options.isCommit(input.head_sha)) reply(422, { message: 'No commit found for SHA: ' + String(input.head_sha), status: '422' });
      else {
        const id = options.nextId();
        const run: FakeCheckRun = {
          id, name: input.name as string, head_sha: input.head_sha, status: 'queued', conclusion: null, started_at: new Date().toISOString(), completed_at: null,
          external_id: null, details_url: null,
          html_url: `${options.web}/runs/${id}`, app: { ...app },
          output: { title: null, summary: null, annotations_count: 0 }, annotations: [], annotationBatches: [],
        };
        apply(run, input);
        runs.push(run);
        reply(201, json(run));
      }
      return true;
    }
    const run = runs.find((r) => r.id === Number((one ?? annotationsOf)?.[1]));
    if (run === undefined) reply(404, NOT_FOUND);
    else if (one !== null && method === 'PATCH') {
      const problem = invalid(input, run);
      if (run.app.id !== app.id) reply(403, { message: `Invalid app_id \`${app.id}\` - check run can only be modified by the GitHub App that created it.`, status: '403' });
      else if (problem !== undefined) reply(422, { message: 'Validation Failed', errors: [problem], status: '422' });
      else {
        apply(run, input);
        reply(200, json(run));
      }
    } else if (one !== null && method === 'GET') reply(200, json(run));
    else if (annotationsOf !== null && method === 'GET') paginate(run.annotations.map((a) => ({ ...a, title: a.title ?? null, blob_href: '' })));
    else reply(404, NOT_FOUND);
    return true;
  }

  function add(run: Parameters<FakeChecks['add']>[0]): FakeCheckRun {
    const id = options.nextId();
    const added: FakeCheckRun = {
      id, name: run.name, head_sha: run.head_sha, status: 'completed', conclusion: run.conclusion, started_at: new Date().toISOString(), completed_at: new Date().toISOString(),
      external_id: run.external_id ?? null, details_url: null,
      html_url: `${options.web}/runs/${id}`, app: { ...run.app },
      output: { title: run.title ?? null, summary: run.summary ?? null, annotations_count: 0 }, annotations: [], annotationBatches: [],
    };
    runs.push(added);
    return added;
  }

  return { runs, route, add };
}
