/**
 * The GraphQL query that reads file contents and tree entries in batches (blob-batches.ts), and
 * how its answer is read. Every name goes in as a variable, never into the text; every field of
 * the answer is kept only with the type GitHub's schema gives it.
 */
import { isObjectName } from '../../domain/object-name';
import type { CommitRef, PullRequestRef } from '../../domain/pull-request';
import type { GitHubClient } from '../../github/octokit';
import { readCapped } from './read-blob';

/** What names a wanted blob: its SHA (a head blob), or `<commit>:<path>` (a base version). */
export type BlobName = { oid: string } | { expression: string };

/** Bytes of blob text per query at most (the JSON answer is a little larger). */
export const BYTES_PER_QUERY = 3 * 1024 * 1024;
/** The largest answer read: well over what `BYTES_PER_QUERY` of text can take in JSON. */
const MAX_ANSWER_BYTES = 8 * BYTES_PER_QUERY;

export interface GraphqlAnswer {
  data?: { repository?: Record<string, unknown> | null } | null;
  /** `type` is GitHub's error kind (`NOT_FOUND`…), when it names one. */
  errors: Array<{ message: string; path: unknown[]; type?: string }>;
}

export interface BlobFields {
  oid?: string;
  byteSize?: number;
  isBinary?: unknown;
  isTruncated?: unknown;
  text?: unknown;
}

/** The Blob fields of an alias's answer, each kept only with its schema type; undefined for null or a non-blob. */
export function asBlob(value: unknown): BlobFields | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { oid, byteSize, isBinary, isTruncated, text } = value as Record<string, unknown>;
  if (byteSize !== undefined && !(typeof byteSize === 'number' && Number.isSafeInteger(byteSize) && byteSize >= 0)) return undefined;
  const blob: BlobFields = { isBinary, isTruncated, text };
  if (typeof oid === 'string') blob.oid = oid;
  if (typeof byteSize === 'number') blob.byteSize = byteSize;
  return blob;
}

/** The head GitHub named for the pull request, if the answer has it. */
export function headOf(repository: Record<string, unknown> | null | undefined, failed: Set<string>): string | undefined {
  if (failed.has('pull') || typeof repository !== 'object' || repository === null) return undefined;
  const pull = repository.pull;
  const head = typeof pull === 'object' && pull !== null ? (pull as { headRefOid?: unknown }).headRefOid : undefined;
  return typeof head === 'string' && isObjectName(head) ? head : undefined;
}

/**
 * The query: `t<i>` asks for texts, `s<i>` for sizes, `pull` for the pull request's head, and
 * `more` whatever rides along (what paths hold in the head's tree: api/tree-entries.ts).
 */
export function buildQuery(
  pr: PullRequestRef,
  texts: readonly BlobName[],
  sizes: readonly BlobName[],
  head = false,
  more?: QueryParts,
): { query: string; variables: Record<string, string | number> } {
  const query = startQuery(pr);
  if (head) {
    query.variables.number = pr.number;
    query.declared.push('$number: Int!');
    query.fields.push('pull: pullRequest(number: $number) { headRefOid }');
  }
  const ask = (alias: string, name: BlobName, blobFields: string): void => {
    const oid = 'oid' in name;
    query.variables[alias] = oid ? name.oid : name.expression;
    query.declared.push(`$${alias}: ${oid ? 'GitObjectID' : 'String'}!`);
    query.fields.push(`${alias}: object(${oid ? 'oid' : 'expression'}: $${alias}) { oid ... on Blob { ${blobFields} } }`);
  };
  texts.forEach((name, i) => ask(`t${i}`, name, 'byteSize isBinary isTruncated text'));
  sizes.forEach((name, i) => ask(`s${i}`, name, 'byteSize isBinary'));
  if (more !== undefined) addSelection(query, more);
  return finishQuery(query);
}

export interface QueryParts {
  variables: Record<string, string | number>;
  declared: string[];
  fields: string[];
}

/** A query of `repository(owner, name)`, its fields still to add. */
export function startQuery(ref: Pick<CommitRef, 'owner' | 'repo'>): QueryParts {
  return { variables: { owner: ref.owner, repo: ref.repo }, declared: ['$owner: String!', '$repo: String!'], fields: [] };
}

export function addSelection(query: QueryParts, part: QueryParts): void {
  Object.assign(query.variables, part.variables);
  query.declared.push(...part.declared);
  query.fields.push(...part.fields);
}

export function finishQuery(query: QueryParts): { query: string; variables: Record<string, string | number> } {
  return {
    query: `query(${query.declared.join(', ')}) {\n  repository(owner: $owner, name: $repo) {\n    ${query.fields.join('\n    ')}\n  }\n}`,
    variables: query.variables,
  };
}

/**
 * POSTs the query and parses the answer itself: octokit's own parser runs a regular expression
 * over the whole body, which is slow on an answer of megabytes (see read-blob.ts).
 */
export async function postQuery(
  octokit: GitHubClient,
  query: string,
  variables: Record<string, string | number>,
  signal: AbortSignal | undefined,
): Promise<GraphqlAnswer> {
  const baseUrl = String(octokit.request.endpoint.DEFAULTS.baseUrl);
  // GitHub Enterprise Server answers GraphQL at /api/graphql, beside /api/v3 (as @octokit/graphql does).
  const url = /\/api\/v3\/?$/.test(baseUrl) ? baseUrl.replace(/\/api\/v3\/?$/, '/api/graphql') : '/graphql';
  const response = await octokit.request({
    method: 'POST',
    url,
    query,
    variables,
    request: { parseSuccessResponseBody: false, ...(signal === undefined ? {} : { signal }) },
  });
  const what = 'the GraphQL answer';
  const body = await readCapped(response.data as ReadableStream<Uint8Array> | null, MAX_ANSWER_BYTES, what);
  if (body === undefined) throw new Error(`${what} is over ${MAX_ANSWER_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new Error(`${what} is not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${what} is not an object`);
  const { data, errors } = parsed as { data?: unknown; errors?: unknown };
  const list = Array.isArray(errors) ? errors : [];
  return {
    ...(typeof data === 'object' ? { data: data as GraphqlAnswer['data'] } : {}),
    errors: list.map((e: unknown) => {
      const entry = (typeof e === 'object' && e !== null ? e : {}) as { message?: unknown; path?: unknown; type?: unknown };
      return {
        message: typeof entry.message === 'string' ? entry.message : '',
        path: Array.isArray(entry.path) ? entry.path : [],
        ...(typeof entry.type === 'string' ? { type: entry.type } : {}),
      };
    }),
  };
}

/** The aliases an error names (`path: ['repository', 't3', …]`). */
export function failedAliases(answer: GraphqlAnswer): Set<string> {
  return new Set(answer.errors.flatMap((e) => (e.path[0] === 'repository' && typeof e.path[1] === 'string' ? [e.path[1]] : [])));
}
