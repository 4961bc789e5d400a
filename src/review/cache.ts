/**
 * A content-addressed store of review answers on disk. An answer depends only on what was sent
 * (the code, its language, the focus areas) and on who answered (the service's base URL), so
 * the hash of those, with the version of the entry format, names the entry: an unchanged file
 * costs no request on the next run, and a changed one can never hit an old entry.
 *
 * The folder is untrusted: a restored cache can hold anything, and one inside the workspace holds
 * whatever the pull request committed there. So an entry counts only with a valid signature of
 * this action under this run's API key (cache-entry.ts), and is validated as a service answer;
 * anything else is ignored, the file is reviewed again, and the run says so in one warning
 * (`reportIgnored`). Nothing is read or written through a symbolic link (safety/no-follow.ts):
 * a link at the folder or below it turns the cache off for the run, with one warning. Nothing here
 * throws: a cache that cannot be read or written costs requests, never the run or its verdict.
 * Writes go to a temporary file renamed into place, so two jobs sharing a folder never read half
 * an entry, and a `.gitignore` keeps the folder out of git. The service's pace is kept beside the
 * entries the same way (pace-store.ts). The API key is not part of the key or
 * the entry; the answers are redacted by the client before they get here.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ensureRealFolder,
  isRealFolder,
  isUnsafePathError,
  openRegularFile,
  trustedBase,
  writeFileNoFollow,
} from '../safety/no-follow';
import type { UnsafePathError } from '../safety/no-follow';
import { systemErrorCode } from '../safety/system-error';
import { CACHE_FORMAT_VERSION, createEntryCodec } from './cache-entry';
import { createPaceStore } from './pace-store';
import type { CacheFiles, PaceStore } from './pace-store';
import type { ReviewRequest, ReviewResult } from '../service/types';

export { CACHE_FORMAT_VERSION } from './cache-entry';

/** An entry is a few kilobytes; one far larger is not ours, and is not read into memory. */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;
/** Files named in the warning about ignored entries; the rest are counted. */
const NAMED_IN_WARNING = 10;

export interface CacheWarnings {
  warning(message: string): void;
  info?(message: string): void;
}

export type { PaceStore } from './pace-store';

export interface ResultCache {
  /** The folder, as shown in messages. */
  readonly dir: string;
  key(request: ReviewRequest): string;
  /** The stored answer for `key`, or undefined: absent, or ignored (noted for `reportIgnored`, naming `what`). */
  get(key: string, what: string): Promise<ReviewResult | undefined>;
  /** Stores an answer; a failure is one warning per run, and the run goes on uncached. */
  put(key: string, result: ReviewResult): Promise<void>;
  /** One warning for the entries ignored since the last call, if any: the folder, how many, which files and why. */
  reportIgnored(): void;
  /** The pace learned from the service, stored beside the entries. */
  readonly pace: PaceStore;
}

export interface ResultCacheOptions {
  /** The folder the input names, resolved. */
  dir: string;
  baseUrl: string;
  /** The API key: entries are signed with a key derived from it. */
  secret: string;
  /** The folder a relative `cache-dir` is taken from (the workspace, the terminal's folder): below it every component is checked. */
  workspace: string;
  log: CacheWarnings;
  /** The clock a stored pace's age is read against, ms since the epoch; default Date.now. */
  now?: () => number;
}

/** The hex SHA-256 naming the entry of one request to one service. */
export function cacheKey(request: ReviewRequest, baseUrl: string): string {
  const identity = [CACHE_FORMAT_VERSION, baseUrl, request.language ?? null, request.focus_areas ?? [], request.code];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

export function createResultCache(options: ResultCacheOptions): ResultCache {
  const { dir, baseUrl, workspace, log } = options;
  const codec = createEntryCodec(options.secret);
  const root = join(dir, `v${CACHE_FORMAT_VERSION}`);
  const folderOf = (key: string): string => join(root, key.slice(0, 2));
  let base: Promise<string> | undefined;
  const trusted = (): Promise<string> => (base ??= trustedBase(dir, workspace));
  /** Set when a component of the folder is a link: the cache is off for the rest of the run. */
  let refused = false;
  let writable = true;
  let ignoreFileWritten = false;
  const ignored: Array<{ what: string; why: string }> = [];

  const refuse = (error: UnsafePathError): void => {
    if (refused) return;
    refused = true;
    log.warning(
      `Not using the cache folder ${dir}: ${error.message}. review-gate never reads or writes through a symbolic link ` +
        '(a pull request can commit one there): the files of this run are reviewed without the cache.',
    );
  };

  const readIn: CacheFiles['read'] = async (folder, name, { maxBytes, noun }) => {
    if (refused) return undefined;
    const path = join(folder, name);
    try {
      if (!(await isRealFolder(folder, await trusted()))) return undefined;
      const { handle, size } = await openRegularFile(path);
      try {
        if (size > maxBytes) return { unusable: `the ${noun} has ${size} bytes, far more than review-gate writes there` };
        return { text: await handle.readFile('utf8') };
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (systemErrorCode(error) === 'ENOENT') return undefined;
      // A link on the way to the file: the folder is not ours to use. The file a link: that file is not.
      if (isUnsafePathError(error) && error.path !== path) {
        refuse(error);
        return undefined;
      }
      return { unusable: unreadable(error, noun) };
    }
  };

  const writeIn: CacheFiles['write'] = async (folder, name, text) => {
    if (!writable || refused) return;
    try {
      await ensureRealFolder(folder, await trusted());
      if (!ignoreFileWritten) await writeGitIgnore(root);
      ignoreFileWritten = true;
      // Replaces whatever is at the name, a link included, without following it.
      await writeFileNoFollow(folder, name, text);
    } catch (error) {
      if (isUnsafePathError(error)) return refuse(error);
      writable = false;
      log.warning(`Cannot write to the cache folder ${dir} (${systemErrorCode(error) ?? String(error)}); the answers of this run are not cached.`);
    }
  };

  return {
    dir,
    pace: createPaceStore({ ...options, files: { read: readIn, write: writeIn }, folder: join(root, 'pace') }),
    key: (request) => cacheKey(request, baseUrl),
    async get(key, what) {
      const read = await readIn(folderOf(key), `${key}.json`, { maxBytes: MAX_ENTRY_BYTES, noun: 'entry' });
      if (read === undefined) return undefined;
      if ('unusable' in read) {
        ignored.push({ what, why: read.unusable });
        return undefined;
      }
      try {
        return codec.decode(read.text, key);
      } catch (error) {
        ignored.push({ what, why: error instanceof Error ? error.message : String(error) });
        return undefined;
      }
    },
    async put(key, result) {
      await writeIn(folderOf(key), `${key}.json`, codec.encode(key, result));
    },
    reportIgnored() {
      if (ignored.length === 0) return;
      const entries = ignored.splice(0);
      const named = entries.slice(0, NAMED_IN_WARNING).map(({ what, why }) => `${what} (${why})`);
      const more = entries.length > NAMED_IN_WARNING ? ` and ${entries.length - NAMED_IN_WARNING} more` : '';
      const count = entries.length === 1 ? '1 entry' : `${entries.length} entries`;
      log.warning(
        `The result cache in ${dir}: ${count} ignored, and ${entries.length === 1 ? 'its file' : 'their files'} reviewed again: ` +
          `${named.join('; ')}${more}. Only entries this action signed with this run's api-key count: one written by an ` +
          'earlier version or with another key is replaced once, and one committed into the folder never counts.',
      );
    },
  };
}

function unreadable(error: unknown, noun: string): string {
  return isUnsafePathError(error) ? `the ${noun} ${error.reason}` : `it cannot be read (${systemErrorCode(error) ?? String(error)})`;
}

/**
 * A `.gitignore` of `*` in the entries' folder (`v2/`), as pytest and ruff do for theirs: a cache
 * inside a repository (a `cache-dir` in the workspace, a `--cache-dir` in the clone) is never
 * listed by git as a change, so it is neither committed nor reviewed. In `v2/`, not the folder
 * given, so `--cache-dir .` never ignores the repository itself. One already there is left as it
 * is (O_EXCL: a link there is not followed either), and one that cannot be written costs nothing
 * but the ignoring.
 */
async function writeGitIgnore(root: string): Promise<void> {
  await writeFile(join(root, '.gitignore'), '# Created by review-gate: its result cache is not part of the repository.\n*\n', { flag: 'wx' }).catch(
    () => undefined,
  );
}
