/**
 * The check run on a commit: one per check name, found again by name and by our `external_id`
 * marker, updated rather than duplicated, and carrying every annotation in batches of 50 (GitHub
 * takes at most 50 per request and appends those of each update to the ones already there).
 *
 * Because annotations append, no write is resent blindly: a write whose answer is lost (5xx, no
 * answer) is settled by listing again — the check runs before a second creation, the run's
 * annotations before the next batch — and only what is missing is sent. An earlier run's check
 * run on the same commit is reused when its annotations are all still current (a re-run); when it
 * carries annotations of findings no longer there (GitHub cannot remove them), a new check run
 * replaces it: GitHub shows, and branch protection reads, the newest check run of a name.
 */
import { shortSha } from '../../domain/object-name';
import { GitHubApiError, GitHubListError, describeGitHubError, isWriteRefused, requestStatus } from '../../github/errors';
import type { WrittenCheckRun } from '../../domain/writes';
import { integer, object, optional, string } from '../../domain/shape';
import { readRestList } from '../../github/paged-list';
import { CHECK_RUN_EXTERNAL_ID, listOwnCheckRuns, newestOf } from './listed';
import type { CheckRunContext, ListedCheckRun, Repository } from './listed';

export { CHECK_RUN_EXTERNAL_ID, listOwnCheckRuns, newestOf } from './listed';
export type { CheckRunContext, ListedCheckRun, Repository } from './listed';

/** GitHub's limit of annotations per create or update request. */
export const ANNOTATIONS_PER_REQUEST = 50;
/** Sends of the creation when GitHub's answer is lost and no check run is there afterwards. */
const MAX_CREATE_SENDS = 2;
/** Lost answers tolerated while sending the batches of one check run. */
const MAX_LOST_UPDATES = 3;

export type { CheckAnnotation, CheckConclusion, CheckRunContent } from '../../domain/check-run';
import type { CheckAnnotation, CheckRunContent } from '../../domain/check-run';

export type CheckRunWritten =
  | (WrittenCheckRun & {
      /** The app the token writes check runs as, from GitHub's answer (undefined when it names none). */
      appId: number | undefined;
    })
  | { kind: 'read-only'; status: number | undefined; githubMessage: string };

/** A check run this run created `in_progress` (started.ts), for its final write to complete. */
export interface StartedCheckRun {
  id: number;
  url: string | undefined;
  appId: number | undefined;
}

export interface UpsertOptions {
  /** The check runs as just listed (`listOwnCheckRuns`), to spare the first listing. */
  listed?: readonly ListedCheckRun[];
  /**
   * The check run this run started: it is completed with `content`, whatever else is there, so
   * no run leaves one `in_progress` behind. Refused (gone, another app's), the usual path follows.
   */
  started?: StartedCheckRun;
  /** Check runs to leave out of consideration altogether (another app's). Default: none. */
  considered?: (run: ListedCheckRun) => boolean;
  /**
   * Whether the newest considered check run may be updated; when not, a new one is created, which
   * becomes the newest (default: any may).
   */
  reusable?: (run: ListedCheckRun) => boolean;
}

/** `size` items at a time. */
export function batches<T>(items: readonly T[], size = ANNOTATIONS_PER_REQUEST): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new TypeError(`Expected \`size\` to be an integer from 1 up, got ${String(size)}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const keyOf = (a: CheckAnnotation): string => JSON.stringify([a.path, a.start_line, a.end_line, a.annotation_level, a.title, a.message]);

/**
 * What of `wanted` is not among `there` (counted, so two equal findings are two annotations), and
 * whether `there` holds annotations `wanted` does not: those are stale and cannot be removed.
 */
export function missingAnnotations(wanted: readonly CheckAnnotation[], there: readonly string[]): { missing: CheckAnnotation[]; stale: boolean } {
  const left = new Map<string, number>();
  for (const key of there) left.set(key, (left.get(key) ?? 0) + 1);
  const missing = wanted.filter((a) => {
    const n = left.get(keyOf(a)) ?? 0;
    if (n === 0) return true;
    left.set(keyOf(a), n - 1);
    return false;
  });
  return { missing, stale: [...left.values()].some((n) => n > 0) };
}

export async function upsertCheckRun(context: CheckRunContext, repository: Repository, content: CheckRunContent, options: UpsertOptions = {}): Promise<CheckRunWritten> {
  const { log } = context;
  const where = `check run '${content.name}' on ${shortSha(content.headSha)}`;
  /** Check runs not to update: stale annotations, not ours to edit, or not this write's to reuse. */
  const passedOver = new Set<number>();
  let createSends = 0;
  let listed = options.listed;
  try {
    const { started } = options;
    if (started !== undefined) {
      try {
        await sendBatches(context, repository, started.id, content, content.annotations);
        // This run created it (in progress), and completes it now.
        return { kind: 'written', created: true, id: started.id, ...urlOf(started), annotations: content.annotations.length, appId: started.appId };
      } catch (error) {
        if (!isWriteRefused(error) && requestStatus(error) !== 422) throw error;
        log?.warning(`The ${where} this run started (${started.id}) cannot be completed (GitHub answered ${requestStatus(error)}); writing it anew`);
        passedOver.add(started.id);
      }
    }
    for (;;) {
      const considered = (listed ?? (await listOwnCheckRuns(context, repository, content.name, content.headSha))).filter(options.considered ?? (() => true));
      // Listed afresh from here on: after a lost answer, to see what landed.
      listed = undefined;
      const newest = newestOf(considered);
      if (newest !== undefined && options.reusable !== undefined && !options.reusable(newest)) passedOver.add(newest.id);
      if (newest !== undefined && !passedOver.has(newest.id)) {
        const there = await annotationKeys(context, repository, newest.id);
        const { missing, stale } = missingAnnotations(content.annotations, there);
        if (stale) {
          log?.info(`The ${where} carries annotations of findings no longer reported; writing a new check run in its place`);
          passedOver.add(newest.id);
          continue;
        }
        try {
          await sendBatches(context, repository, newest.id, content, missing);
        } catch (error) {
          if (!isWriteRefused(error) || createSends > 0) throw error;
          log?.debug(`The ${where} (${newest.id}) cannot be edited (GitHub answered ${requestStatus(error)}); creating one`);
          passedOver.add(newest.id);
          continue;
        }
        // GitHub lets only the app that created a check run update it: its app is the token's.
        return { kind: 'written', created: createSends > 0, id: newest.id, ...urlOf(newest), annotations: content.annotations.length, appId: newest.appId };
      }
      if (createSends >= MAX_CREATE_SENDS) {
        throw new Error(`the creation was sent ${createSends} times and no check run is there afterwards`);
      }
      createSends++;
      const [first = [], ...rest] = batches(content.annotations);
      let created: { id: number; url: string | undefined; appId: number | undefined };
      try {
        const { data } = await context.gate.run(() =>
          context.octokit.rest.checks.create({
            ...repository,
            name: content.name,
            head_sha: content.headSha,
            ...fields(content),
            output: { title: content.title, summary: content.summary, annotations: first },
            request: { retries: 0 },
          }),
        );
        created = { id: data.id, url: data.html_url ?? undefined, appId: data.app?.id };
      } catch (error) {
        if (!isLost(error)) throw error;
        log?.warning(`GitHub answered ${requestStatus(error) ?? 'nothing'} to the ${where}; checking whether it was created before sending it again`);
        continue;
      }
      await sendBatches(context, repository, created.id, content, rest.flat(), false);
      return { kind: 'written', created: true, id: created.id, ...urlOf(created), annotations: content.annotations.length, appId: created.appId };
    }
  } catch (error) {
    if (isWriteRefused(error)) return { kind: 'read-only', status: requestStatus(error), githubMessage: describeGitHubError(error) };
    throw error instanceof GitHubApiError || error instanceof GitHubListError ? error : new GitHubApiError(`Writing the ${where}`, error);
  }
}

function fields(content: CheckRunContent) {
  return {
    status: 'completed' as const,
    conclusion: content.conclusion,
    external_id: CHECK_RUN_EXTERNAL_ID,
    ...(content.detailsUrl === undefined ? {} : { details_url: content.detailsUrl }),
  };
}

const urlOf = (listed: { url: string | undefined }): { url?: string } => (listed.url === undefined ? {} : { url: listed.url });

/** A write that may have landed although its answer was lost. */
function isLost(error: unknown): boolean {
  const status = requestStatus(error);
  return status === undefined || status >= 500;
}

/** The fields of a listed annotation review-gate compares; an annotation has no id, and two equal ones are two. */
const ANNOTATION = object({
  path: string,
  start_line: integer,
  end_line: integer,
  annotation_level: optional(string),
  title: optional(string),
  message: optional(string),
});

async function annotationKeys({ octokit }: CheckRunContext, repository: Repository, id: number): Promise<string[]> {
  const listed = await readRestList({ what: `the annotations of check run ${id}`, entry: ANNOTATION, perPage: 100 }, (page) =>
    octokit.rest.checks.listAnnotations({ ...repository, check_run_id: id, per_page: 100, page }),
  );
  // Compared as GitHub stores them: an unknown level simply matches nothing we send.
  return listed.map((a) => JSON.stringify([a.path, a.start_line, a.end_line, a.annotation_level ?? '', a.title ?? '', a.message ?? '']));
}

/**
 * The status (completed), conclusion, title and summary, then `pending` 50 at a time. `withFields`: the first
 * request also sets the conclusion and output (false right after a creation that set them).
 * A lost answer lists the run's annotations again and goes on with what is still missing.
 */
async function sendBatches(
  context: CheckRunContext,
  repository: Repository,
  id: number,
  content: CheckRunContent,
  pending: readonly CheckAnnotation[],
  withFields = true,
): Promise<void> {
  let left = [...pending];
  let fieldsSent = !withFields;
  for (let lost = 0; !fieldsSent || left.length > 0; ) {
    const batch = left.slice(0, ANNOTATIONS_PER_REQUEST);
    try {
      await context.gate.run(() =>
        context.octokit.rest.checks.update({
          ...repository,
          check_run_id: id,
          ...fields(content),
          output: { title: content.title, summary: content.summary, annotations: batch },
          request: { retries: 0 },
        }),
      );
      fieldsSent = true;
      left = left.slice(batch.length);
    } catch (error) {
      if (!isLost(error) || ++lost > MAX_LOST_UPDATES) throw error;
      context.log?.warning(`GitHub answered ${requestStatus(error) ?? 'nothing'} to an update of check run ${id}; listing its annotations before going on`);
      left = missingAnnotations(content.annotations, await annotationKeys(context, repository, id)).missing;
    }
  }
}
