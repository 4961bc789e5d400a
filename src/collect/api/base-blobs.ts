/**
 * The proof that a renamed file without a patch is a pure rename, through the GitHub API. GitHub
 * lists such a file as 0 lines changed with no patch — and says exactly the same of a renamed
 * file whose new content it shows as binary (one NUL byte), whatever was added to it. Only the
 * blobs tell them apart: the head's blob SHA (in the listing) against the blob at the merge base
 * under the old name (GitHub's file list is the three-dot diff, from the merge base).
 *
 * Two requests, only when such files exist: the comparison `base...head` names the merge base,
 * and one GraphQL query reads the blob SHA of every `<merge base>:<old path>` at once. A file that
 * cannot be looked up is not proven: it stays "diff unknown" (fail closed), and the log says so.
 */
import { describeGitHubError, describeGraphqlError, describePr } from '../../github/errors';
import { nullable, object, string } from '../../domain/shape';
import { readEntry } from '../../github/entry-shape';
import type { GitHubClient, GitHubLog } from '../../github/octokit';
import type { ChangedFile, CommitRef } from '../../domain/pull-request';
import { candidateLanguage } from '../select';
import { shortSha } from '../../domain/object-name';

/** Lookups per GraphQL query. */
const OBJECTS_PER_QUERY = 50;

const COMPARISON = object({ merge_base_commit: object({ sha: string }) });
const OBJECT = nullable(object({ oid: string }));

/**
 * Files whose being unchanged matters and is not known: renamed or mode-changed, no patch, no
 * line counted, in a language the action reviews or without an extension (a script, maybe; a
 * file it skips needs no proof).
 */
export function needsProof(file: ChangedFile): boolean {
  return (
    (file.status === 'renamed' || file.status === 'changed') &&
    file.patch === undefined &&
    file.additions === 0 &&
    file.deletions === 0 &&
    file.blobSha !== undefined &&
    candidateLanguage(file.path) !== undefined
  );
}

/** Marks `sameBlobAsBase` on each file of `files` whose blob is the merge base's, under its old name. */
export async function proveUnchanged(
  octokit: GitHubClient,
  pr: CommitRef & { number?: number },
  baseSha: () => Promise<string>,
  files: readonly ChangedFile[],
  log: GitHubLog | undefined,
): Promise<void> {
  const wanted = files.filter(needsProof);
  if (wanted.length === 0) return;
  const unproven = (reason: string, which: readonly ChangedFile[]): void => {
    const one = which.length === 1;
    log?.warning(
      `${which.map((f) => f.path).join(', ')} could not be compared with ${one ? 'its base version' : 'their base versions'} (${reason}); ` +
        `GitHub sent no patch, so ${one ? 'the whole file counts' : 'each whole file counts'} as diff unknown`,
    );
  };
  let mergeBase: string;
  try {
    const base = await baseSha();
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ owner: pr.owner, repo: pr.repo, basehead: `${base}...${pr.headSha}`, per_page: 1 });
    mergeBase = readEntry(COMPARISON, data, 'comparison').merge_base_commit.sha;
  } catch (error) {
    return unproven(`the merge base of ${describePr(pr)} could not be read: ${describeGitHubError(error)}`, wanted);
  }
  for (let start = 0; start < wanted.length; start += OBJECTS_PER_QUERY) {
    const chunk = wanted.slice(start, start + OBJECTS_PER_QUERY);
    try {
      const oids = await blobShas(octokit, pr, chunk.map((file) => `${mergeBase}:${file.previousPath ?? file.path}`));
      chunk.forEach((file, i) => {
        if (oids[i] !== undefined && oids[i] === file.blobSha) file.sameBlobAsBase = true;
      });
    } catch (error) {
      unproven(`GitHub did not name their blobs at ${shortSha(mergeBase)}: ${describeGraphqlError(error)}`, chunk);
    }
  }
}

/** The object SHA each `<commit>:<path>` names, undefined where it names nothing; one GraphQL query. */
async function blobShas(octokit: GitHubClient, pr: CommitRef, expressions: readonly string[]): Promise<Array<string | undefined>> {
  // The paths go in as variables, so no quoting of a path can change the query.
  const variables: Record<string, string> = { owner: pr.owner, repo: pr.repo };
  const declared = expressions.map((expression, i) => {
    variables[`e${i}`] = expression;
    return `$e${i}: String!`;
  });
  const fields = expressions.map((_, i) => `f${i}: object(expression: $e${i}) { oid }`);
  const query = `query($owner: String!, $repo: String!, ${declared.join(', ')}) {\n  repository(owner: $owner, name: $repo) {\n    ${fields.join('\n    ')}\n  }\n}`;
  const answer = await octokit.graphql<{ repository?: Record<string, unknown> | null }>(query, variables);
  const repository = answer.repository;
  if (typeof repository !== 'object' || repository === null) throw new Error('the answer names no repository');
  return expressions.map((_, i) => readEntry(OBJECT, repository[`f${i}`], `f${i}`)?.oid);
}
