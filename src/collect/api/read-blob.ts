/**
 * One blob's bytes at the head commit, read raw: `GET /git/blobs/{sha}` with GitHub's raw media
 * type (`application/vnd.github.raw+json`), the body streamed and never parsed.
 *
 * Why not the default JSON answer: it carries the content in base64, and @octokit/request parses
 * every JSON body with json-with-bigint. On Node 20 (no JSON.parse source access) that runs a
 * regular expression over the whole body; past about 10 MB of JSON (a blob of about 7.5 MB) V8's
 * regexp stack overflows, octokit hands back the unparsed text instead, and `data.content` is
 * undefined ("Received undefined"). Raw bytes skip that parser, and their Content-Length tells
 * the size before the body is read, so a blob over the limit is refused without downloading it.
 */
import { fileTooLarge } from '../errors';
import type { ChangedFile, CommitRef, ReadFileOptions } from '../../domain/pull-request';
import { blobObjectName } from '../git/workspace-blobs';
import { FileNotFoundError, GitHubApiError, describePr, requestStatus } from '../../github/errors';
import type { GitHubClient } from '../../github/octokit';

export async function readBlob(
  octokit: GitHubClient,
  pr: CommitRef & { number?: number },
  file: ChangedFile & { blobSha: string },
  options: ReadFileOptions = {},
): Promise<Uint8Array> {
  const { path, blobSha } = file;
  const what = `Reading '${path}' (blob ${blobSha}) of ${describePr(pr)}`;
  let response: { headers: Record<string, string | number | undefined>; data: unknown };
  try {
    response = await octokit.rest.git.getBlob({
      owner: pr.owner,
      repo: pr.repo,
      file_sha: blobSha,
      // GitHub's documented media type for "the raw blob data".
      headers: { accept: 'application/vnd.github.raw+json' },
      request: { parseSuccessResponseBody: false, ...(options.signal === undefined ? {} : { signal: options.signal }) },
    });
  } catch (error) {
    if (requestStatus(error) === 404) throw new FileNotFoundError(path, blobSha, { cause: error });
    throw new GitHubApiError(what, error);
  }
  const bytes = await rawBytesWithin(response, path, options.maxBytes, what);
  // The name of a blob is the hash of its content: anything else is not the file at the head.
  if (blobObjectName(bytes, blobSha.length) !== blobSha) {
    throw unusable(what, `the ${bytes.length} bytes GitHub sent do not hash to the blob's name`);
  }
  return bytes;
}

/**
 * The bytes of a raw-media-type answer, within `maxBytes`: refused unread when GitHub lists a
 * larger size, cut off once the body passes it, and decoded from JSON when a server (or a
 * directory, or a submodule) ignores the raw type — base64 is 4/3 the size, plus line breaks.
 */
export async function rawBytesWithin(
  response: { headers: Record<string, string | number | undefined>; data: unknown },
  path: string,
  maxBytes: number | undefined,
  what: string,
): Promise<Buffer> {
  const body = response.data as ReadableStream<Uint8Array> | null;
  const listed = Number(response.headers['content-length']);
  if (maxBytes !== undefined && Number.isSafeInteger(listed) && listed > maxBytes) {
    await body?.cancel().catch(() => undefined);
    throw fileTooLarge(path, listed, maxBytes);
  }
  const json = /^application\/json\b/i.test(String(response.headers['content-type'] ?? ''));
  const cap = maxBytes === undefined ? undefined : json ? Math.ceil(maxBytes * 1.4) + 4096 : maxBytes;
  const received = await readCapped(body, cap, what);
  if (received === undefined) throw fileTooLarge(path, undefined, maxBytes ?? 0);
  const bytes = json ? fromJsonBlob(received, what) : received;
  if (maxBytes !== undefined && bytes.length > maxBytes) throw fileTooLarge(path, bytes.length, maxBytes);
  return bytes;
}

/** The whole body, or undefined once it passes `cap` bytes (the rest is not downloaded). */
export async function readCapped(body: ReadableStream<Uint8Array> | null, cap: number | undefined, what: string): Promise<Buffer | undefined> {
  if (body === null) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      total += read.value.length;
      if (cap !== undefined && total > cap) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(read.value);
    }
  } catch (error) {
    throw new GitHubApiError(what, error);
  }
  return Buffer.concat(chunks);
}

export function fromJsonBlob(text: Buffer, what: string): Buffer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.toString('utf8'));
  } catch {
    throw unusable(what, 'GitHub answered JSON that does not parse');
  }
  const { content, encoding } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { content?: unknown; encoding?: unknown };
  if (typeof content !== 'string') throw unusable(what, 'GitHub answered JSON without the content');
  return encoding === 'base64' ? Buffer.from(content, 'base64') : Buffer.from(content, 'utf8');
}

/** GitHub answered, but not with the file: the file is not reviewed, with this reason. */
function unusable(what: string, detail: string): Error {
  return new Error(`${what}: ${detail}`);
}
