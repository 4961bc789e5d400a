/**
 * A content-addressed store of review answers on disk. An answer depends only on what was sent
 * (the code, its language, the focus areas) and on who answered (the service's base URL), so
 * the hash of those, with the version of the entry format, names the entry: an unchanged file
 * costs no request on the next run, and a changed one can never hit an old entry.
 *
 * The store is untrusted input like the service itself (a restored cache can be anything): an
 * entry is validated as a service answer when read, and one that is corrupt, cut short or from
 * another format is ignored, with one warning, and the file is reviewed again. Nothing here
 * throws: a cache that cannot be read or written costs requests, never the run or its verdict.
 * Writes go to a temporary file renamed into place, so two jobs sharing a folder never read
 * half an entry, and a `.gitignore` keeps the folder out of git. The API key is not part of the key or the entry; the answers are redacted by
 * the client before they get here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseReviewResult } from './service/response';
import type { ReviewRequest, ReviewResult } from './service/types';

/** Bump when the entry's shape or the meaning of a stored answer changes: old entries then miss. */
export const CACHE_FORMAT_VERSION = 1;
const FORMAT = 'review-gate/review-result';

export interface CacheWarnings {
  warning(message: string): void;
}

export interface ResultCache {
  /** The folder, as shown in messages. */
  readonly dir: string;
  key(request: ReviewRequest): string;
  /** The stored answer for `key`, or undefined (absent, or ignored with a warning naming `what`). */
  get(key: string, what: string): Promise<ReviewResult | undefined>;
  /** Stores an answer; a failure is one warning per run, and the run goes on uncached. */
  put(key: string, result: ReviewResult): Promise<void>;
}

/** The hex SHA-256 naming the entry of one request to one service. */
export function cacheKey(request: ReviewRequest, baseUrl: string): string {
  const identity = [CACHE_FORMAT_VERSION, baseUrl, request.language ?? null, request.focus_areas ?? [], request.code];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

export function createResultCache(options: { dir: string; baseUrl: string; log: CacheWarnings }): ResultCache {
  const { dir, baseUrl, log } = options;
  const root = join(dir, `v${CACHE_FORMAT_VERSION}`);
  const pathOf = (key: string): string => join(root, key.slice(0, 2), `${key}.json`);
  let writable = true;
  let ignoreFileWritten = false;

  return {
    dir,
    key: (request) => cacheKey(request, baseUrl),
    async get(key, what) {
      const path = pathOf(key);
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return undefined;
        log.warning(ignored(path, what, `it cannot be read (${errorCode(error) ?? String(error)})`));
        return undefined;
      }
      try {
        return parseEntry(text, key);
      } catch (error) {
        log.warning(ignored(path, what, error instanceof Error ? error.message : String(error)));
        return undefined;
      }
    },
    async put(key, result) {
      if (!writable) return;
      const path = pathOf(key);
      const temporary = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
      try {
        await mkdir(join(root, key.slice(0, 2)), { recursive: true });
        if (!ignoreFileWritten) await writeGitIgnore(root);
        ignoreFileWritten = true;
        await writeFile(temporary, JSON.stringify({ format: FORMAT, version: CACHE_FORMAT_VERSION, key, result }));
        // rename() replaces the target in one step: a reader sees the old entry or the new one.
        await rename(temporary, path);
      } catch (error) {
        writable = false;
        await rm(temporary, { force: true }).catch(() => undefined);
        log.warning(
          `Cannot write to the cache folder ${dir} (${errorCode(error) ?? String(error)}); the answers of this run are not cached.`,
        );
      }
    },
  };
}

/**
 * A `.gitignore` of `*` in the entries' folder (`v1/`), as pytest and ruff do for theirs: a cache
 * inside a repository (a `cache-dir` in the workspace, a `--cache-dir` in the clone) is never
 * listed by git as a change, so it is neither committed nor reviewed. In `v1/`, not the folder
 * given, so `--cache-dir .` never ignores the repository itself. One already there is left as it
 * is, and one that cannot be written costs nothing but the ignoring.
 */
async function writeGitIgnore(root: string): Promise<void> {
  await writeFile(join(root, '.gitignore'), '# Created by review-gate: its result cache is not part of the repository.\n*\n', { flag: 'wx' }).catch(
    () => undefined,
  );
}

function ignored(path: string, what: string, why: string): string {
  return `Ignored the cache entry ${path} for ${what}: ${why}; reviewing the file again.`;
}

function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * An entry's answer, validated as the service's answer is (`parseReviewResult`), keeping the two
 * notes the client adds to an issue it had to normalize (`reportedSeverity`, `reportedLine`), so
 * a cached finding shows exactly as the fresh one did. Throws a sentence saying what is wrong.
 */
export function parseEntry(text: string, key: string): ReviewResult {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    throw new Error(`it is not JSON (${text.length} characters; a partial or corrupt write?)`);
  }
  const fields = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  if (fields.format !== FORMAT || fields.version !== CACHE_FORMAT_VERSION) {
    throw new Error(`it is not a version ${CACHE_FORMAT_VERSION} entry of review-gate's result cache`);
  }
  if (fields.key !== key) throw new Error('it belongs to other content (its key differs from its name)');
  const stored = fields.result as Record<string, unknown> | undefined;
  const requestId = typeof stored?.requestId === 'string' ? stored.requestId : undefined;
  const result = parseReviewResult(stored, requestId);
  const storedIssues = Array.isArray(stored?.issues) ? (stored.issues as unknown[]) : [];
  result.issues.forEach((issue, index) => {
    const notes = (storedIssues[index] ?? {}) as Record<string, unknown>;
    if (typeof notes.reportedSeverity === 'string' && issue.severity === 'error') issue.reportedSeverity = notes.reportedSeverity;
    if (typeof notes.reportedLine === 'string' && issue.line === null) issue.reportedLine = notes.reportedLine;
  });
  return result;
}
