/**
 * A file's bytes at a commit of a local repository (`git cat-file`), for the base version of a
 * changed file (`score-baseline: base`) in the terminal. The size is asked first, so a file over
 * max-file-size is refused unread, as the GitHub source does.
 */
import { gitEnvironment } from '../../config/environment';
import { NO_PROGRAM_ARGS, noProgramEnv } from './no-programs';
import { execFile } from 'node:child_process';
import { NotReviewableError, fileTooLarge } from '../errors';
import type { ReadFileOptions } from '../../domain/pull-request';
import { shortSha } from '../../domain/object-name';

function git(cwd: string, args: string[], signal: AbortSignal | undefined, env: NodeJS.ProcessEnv): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...NO_PROGRAM_ARGS, ...args],
      { cwd, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, env: { ...noProgramEnv(env), GIT_OPTIONAL_LOCKS: '0' }, ...(signal === undefined ? {} : { signal }) },
      (error, stdout) => (error === null ? resolve(stdout) : reject(new Error(`git ${args.join(' ')} failed: ${error.message}`))),
    );
  });
}

/** `env`: the environment git runs with (the terminal command's own, as for its diff; the action's process's by default). */
export async function readGitFileAt(cwd: string, commit: string, path: string, options: ReadFileOptions = {}, env: NodeJS.ProcessEnv = gitEnvironment()): Promise<Buffer> {
  const object = `${commit}:${path}`;
  let size: number;
  try {
    size = Number((await git(cwd, ['cat-file', '-s', object], options.signal, env)).toString('utf8').trim());
  } catch {
    throw new NotReviewableError(path, `'${path}' is not at commit ${shortSha(commit)}`);
  }
  if (options.maxBytes !== undefined && size > options.maxBytes) throw fileTooLarge(path, size, options.maxBytes);
  return git(cwd, ['cat-file', 'blob', object], options.signal, env);
}
