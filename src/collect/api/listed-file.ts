/**
 * One entry of GitHub's list of changed files, as `GET /pulls/{n}/files` and a comparison's
 * `files` both give it, read into the domain's `ChangedFile`.
 */
import type { ChangeStatus, ChangedFile } from '../../domain/pull-request';
import { integer, object, optional, string } from '../../domain/shape';

/** The fields of an entry of `GET /pulls/{n}/files` (and of a comparison's `files`) the action reads. */
export const LISTED_FILE = object({
  filename: string,
  status: string,
  sha: optional(string),
  previous_filename: optional(string),
  additions: integer,
  deletions: integer,
  patch: optional(string),
});

const KNOWN_STATUSES: ReadonlySet<string> = new Set<ChangeStatus>([
  'added', 'removed', 'modified', 'renamed', 'copied', 'changed', 'unchanged',
]);

/** GitHub's entry → the domain's. An absent patch stays absent: it means "diff unknown". */
export function toChangedFile(entry: ReturnType<typeof LISTED_FILE>): ChangedFile {
  // An unknown status (GitHub adding one) is treated as a modification rather than dropped.
  const status = (KNOWN_STATUSES.has(entry.status) ? entry.status : 'modified') as ChangeStatus;
  const file: ChangedFile = { path: entry.filename, status, additions: entry.additions, deletions: entry.deletions };
  if (entry.previous_filename !== undefined) file.previousPath = entry.previous_filename;
  // A removed file has no blob at the head commit, whatever `sha` GitHub shows for it.
  if (status !== 'removed' && entry.sha !== undefined && entry.sha !== '') file.blobSha = entry.sha;
  if (entry.patch !== undefined) file.patch = entry.patch;
  return file;
}
