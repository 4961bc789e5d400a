/**
 * The policy file's text at the change's base commit, never at its head: from git when the
 * repository (the job's checkout, the terminal's clone) holds that commit, else through the
 * contents API at that SHA. Nothing the change controls decides what is read: the base commit's
 * tree is read by path, a symbolic link is refused rather than followed, and so is anything but a
 * file. A file that is not there means the inputs alone; one that cannot be read stops the run
 * (fail closed: the policy it holds may be stricter than the inputs).
 */
import { MAX_POLICY_BYTES, POLICY_PATH } from '../config/policy/keys';
import { PolicyError, describePolicyFile } from '../config/policy/policy-error';
import type { Policy } from '../config/settings-types';
import { gitEnvironment } from '../config/environment';
import type { Logger } from '../domain/logger';
import { GitHubApiError, requestStatus } from '../github/errors';
import type { GitHubClient } from '../github/octokit';
import { shortSha } from '../domain/object-name';
import { gitRunner } from './git/run';
import type { GitRunner } from './git/run';

/**
 * The policy at the change's base commit, validated: from the job's checkout when it holds the
 * commit, else through the API. Undefined when there is no policy file there. Throws PolicyError
 * for a file that is invalid, and GitHubApiError for one that could not be read.
 */
export async function readBasePolicy(options: {
  commit: string;
  /** The runner's workspace when it is a git checkout (config/environment.ts). */
  checkout: string | undefined;
  octokit: GitHubClient;
  repository: { owner: string; repo: string };
  log: Logger;
}): Promise<Policy | undefined> {
  const { commit, checkout } = options;
  const git = checkout === undefined ? undefined : gitRunner(checkout, gitEnvironment());
  const read = git !== undefined && (await holdsCommit(git, commit)) ? await readPolicyFromGit(git, commit) : await readPolicyFromApi(options.octokit, options.repository, commit);
  return await policyOf(read, options.log);
}

/**
 * The text read → the validated policy (undefined: none), saying in the log which policy applies.
 * The YAML parser is loaded only when there is a file to parse.
 */
export async function policyOf(read: PolicyText, log: Pick<Logger, 'info'>): Promise<Policy | undefined> {
  if (read.kind === 'absent') {
    log.info(`No policy file ${POLICY_PATH} at the base commit ${shortSha(read.commit)}: the inputs alone decide.`);
    return undefined;
  }
  const { parsePolicy } = await import('../config/policy/parse');
  const policy = parsePolicy(read.text, POLICY_PATH, read.commit);
  const from = read.from === 'git' ? 'git' : 'the GitHub API';
  const sets = policy.set.length === 0 ? 'sets no top-level key' : `sets ${policy.set.map((s) => s.key).join(', ')}`;
  const rules = policy.rules.length === 1 ? '1 rule' : `${policy.rules.length} rules`;
  log.info(`Policy ${describePolicyFile(POLICY_PATH, read.commit)} (the base commit, read through ${from}): ${sets}; ${rules}.`);
  return policy;
}

/** The policy file at a commit: its text, or that there is none. */
export type PolicyText = { kind: 'found'; text: string; commit: string; from: 'git' | 'api' } | { kind: 'absent'; commit: string };

const SYMLINK_MODE = '120000';
const COMMIT = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** Whether the repository git runs in holds `commit` (a shallow checkout may not). */
export async function holdsCommit(git: GitRunner, commit: string): Promise<boolean> {
  if (!COMMIT.test(commit)) return false;
  try {
    await git.text(['cat-file', '-e', `${commit}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** From the commit's tree, by path from the repository's root, whatever folder git runs in. */
export async function readPolicyFromGit(git: GitRunner, commit: string): Promise<PolicyText> {
  const where = describePolicyFile(POLICY_PATH, commit);
  // `--full-tree`: the path is the root's, not the current folder's. A symlinked `.github` lists nothing.
  // `--long` adds the blob's size, so a file too large is refused unread.
  const listing = (await git.text(['ls-tree', '--long', '--full-tree', '-z', commit, '--', POLICY_PATH])).split('\0').find((entry) => entry !== '');
  if (listing === undefined) return { kind: 'absent', commit };
  const [mode = '', type = '', sha = '', sizeField = ''] = listing.slice(0, listing.indexOf('\t')).split(/ +/);
  if (mode === SYMLINK_MODE) throw new PolicyError(where, ['It is a symbolic link, which is never followed: commit the policy itself at that path']);
  if (type !== 'blob') throw new PolicyError(where, [`It is a ${type === 'tree' ? 'folder' : type}, not a file`]);
  const listed = Number(sizeField);
  const size = sizeField !== '' && Number.isSafeInteger(listed) ? listed : Number((await git.text(['cat-file', '-s', sha])).trim());
  if (size > MAX_POLICY_BYTES) throw tooLarge(where, size);
  return { kind: 'found', text: decode(await git.bytes(['cat-file', 'blob', sha]), where), commit, from: 'git' };
}

/** Through `GET /repos/{o}/{r}/contents/{path}?ref=<sha>`, as JSON so that a symbolic link shows as one. */
export async function readPolicyFromApi(octokit: GitHubClient, repository: { owner: string; repo: string }, commit: string): Promise<PolicyText> {
  const where = describePolicyFile(POLICY_PATH, commit);
  let data: unknown;
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner: repository.owner, repo: repository.repo, path: POLICY_PATH, ref: commit }));
  } catch (error) {
    if (requestStatus(error) === 404) return { kind: 'absent', commit };
    throw new GitHubApiError(`Reading the policy file ${POLICY_PATH} at ${shortSha(commit)}`, error);
  }
  const entry = (typeof data === 'object' && data !== null && !Array.isArray(data) ? data : { type: 'dir' }) as { type?: unknown; content?: unknown; encoding?: unknown; size?: unknown };
  if (entry.type === 'symlink') throw new PolicyError(where, ['It is a symbolic link, which is never followed: commit the policy itself at that path']);
  if (entry.type !== 'file') throw new PolicyError(where, [`It is a ${entry.type === 'dir' ? 'folder' : String(entry.type)}, not a file`]);
  if (typeof entry.size === 'number' && entry.size > MAX_POLICY_BYTES) throw tooLarge(where, entry.size);
  if (typeof entry.content !== 'string' || entry.encoding !== 'base64') {
    throw new GitHubApiError(`Reading the policy file ${POLICY_PATH} at ${shortSha(commit)}`, new Error('GitHub sent no base64 content'));
  }
  const bytes = Buffer.from(entry.content, 'base64');
  if (bytes.length > MAX_POLICY_BYTES) throw tooLarge(where, bytes.length);
  return { kind: 'found', text: decode(bytes, where), commit, from: 'api' };
}

function tooLarge(where: string, size: number): PolicyError {
  return new PolicyError(where, [`It is ${size.toLocaleString('en-US')} bytes; a policy file may hold ${MAX_POLICY_BYTES.toLocaleString('en-US')} at most`]);
}

/** UTF-8, as YAML files are; anything else is refused with the byte at fault rather than misread. */
function decode(bytes: Buffer, where: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new PolicyError(where, ['It is not UTF-8 text']);
  }
}
