/**
 * The fake GitHub's answer to `repository { <alias>: object(oid: $v) { … } <alias>: object(expression: $v) { … } }`,
 * in GitHub's shape: each alias answers only the fields it selects (`oid`, and in `... on Blob`
 * `byteSize`, `isBinary`, `isTruncated`, `text`), null for an object that does not exist, and an
 * alias the server failed on is null with an entry in `errors` whose `path` names it (status 200,
 * as GitHub's GraphQL endpoint answers).
 *
 * The Blob fields follow GitHub's schema ("UTF8 text data or null if the Blob is binary"):
 * - `isBinary`: git's rule, a NUL byte in the first 8,000 bytes (so UTF-16 text is binary);
 * - `text`: null when binary, else the bytes read as UTF-8 with every invalid sequence replaced
 *   by U+FFFD (how GitHub shows a Latin-1 file), a byte-order mark kept as U+FEFF;
 * - `isTruncated`: the text stops after `textLimit` bytes (GitHub truncates large blobs; its
 *   exact limit is not documented, so the fake's is an option).
 */

/** A git object the fake can name: its SHA and, for a blob, its bytes. */
export interface FakeObject {
  oid: string;
  bytes?: Buffer;
}

export interface GraphqlObjects {
  /** The object an `oid` names, or undefined. */
  byOid(oid: string): FakeObject | undefined;
  /** The object `<commit>:<path>` names, or undefined. */
  byExpression(expression: string): FakeObject | undefined;
  /** Blob SHAs whose lookup fails with an error for its alias (a server-side timeout, say). */
  failing?(oid: string): boolean;
  /** Bytes of text a Blob answers before `isTruncated` (default 512 KiB). */
  textLimit?: number;
  /** The head commit of a pull request (`pullRequest(number:) { headRefOid }`), or undefined. */
  pullHead?(number: number): string | undefined;
  /** Whether `oid` is a commit whose tree the fake knows (`object(oid:) { ... on Commit { file(path:) } }`). */
  isCommit?(oid: string): boolean;
  /** The TreeEntry at `path` in commit `commit`: `mode` an integer, as GitHub's GraphQL answers it. */
  commitFile?(commit: string, path: string): { mode: number; oid: string; type: string } | undefined;
  /** The schema has no `Commit.file` (an older GitHub Enterprise Server): a query asking for it is refused whole. */
  noCommitFile?: boolean;
}

/** GitHub's message for a field it failed to resolve. */
export const GRAPHQL_FIELD_FAILURE =
  'Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug.';

const DEFAULT_TEXT_LIMIT = 512 * 1024;
const LOOKUP = /(\w+)\s*:\s*object\s*\(\s*(oid|expression)\s*:\s*\$(\w+)\s*\)\s*\{/g;
const PULL_HEAD = /(\w+)\s*:\s*pullRequest\s*\(\s*number\s*:\s*\$(\w+)\s*\)\s*\{\s*headRefOid\s*\}/g;
const FILE = /(\w+)\s*:\s*file\s*\(\s*path\s*:\s*\$(\w+)\s*\)\s*\{([^}]*)\}/g;

/** The answer to an object query, or undefined when `query` is not one. */
export function answerObjectQuery(query: string, vars: Record<string, unknown>, objects: GraphqlObjects): unknown {
  if (!/\brepository\s*\(/.test(query)) return undefined;
  const lookups = [...query.matchAll(LOOKUP)];
  const heads = [...query.matchAll(PULL_HEAD)];
  if (lookups.length === 0 && heads.length === 0) return undefined;
  if (objects.noCommitFile === true && /\bfile\s*\(\s*path\s*:/.test(query)) {
    return { errors: [{ path: ['query', 'repository', 'head', '... on Commit', 'e0'], extensions: { code: 'undefinedField', typeName: 'Commit', fieldName: 'file' }, message: "Field 'file' doesn't exist on type 'Commit'" }] };
  }
  const repository: Record<string, unknown> = {};
  const errors: unknown[] = [];
  for (const [, alias = '', variable = ''] of heads) {
    const head = objects.pullHead?.(Number(vars[variable]));
    if (head === undefined) {
      repository[alias] = null;
      errors.push({ type: 'NOT_FOUND', path: ['repository', alias], message: `Could not resolve to a PullRequest with the number of ${String(vars[variable])}.` });
    } else repository[alias] = { headRefOid: head };
  }
  for (const match of lookups) {
    const [, alias = '', by = '', variable = ''] = match;
    const selection = selectionAfter(query, (match.index ?? 0) + match[0].length);
    const value = vars[variable];
    if (typeof value !== 'string') {
      return { errors: [{ message: `Variable $${variable} of type ${by === 'oid' ? 'GitObjectID' : 'String'}! was provided invalid value` }] };
    }
    if (by === 'oid' && /\.\.\.\s*on\s+Commit\b/.test(selection)) {
      repository[alias] = commitAnswer(alias, value, selection, vars, objects, errors);
      continue;
    }
    const object = by === 'oid' ? objects.byOid(value) : objects.byExpression(value);
    if (object !== undefined && objects.failing?.(object.oid) === true) {
      repository[alias] = null;
      errors.push({ type: 'INTERNAL', path: ['repository', alias], locations: [{ line: 1, column: 1 }], message: GRAPHQL_FIELD_FAILURE });
      continue;
    }
    repository[alias] = object === undefined ? null : fields(object, selection, objects.textLimit ?? DEFAULT_TEXT_LIMIT);
  }
  return errors.length === 0 ? { data: { repository } } : { data: { repository }, errors };
}

/**
 * A commit's `file(path:)` entries, each answering the fields it selects (`mode`, `oid`, `type`);
 * a path the commit does not have is null with a NOT_FOUND error naming it, as GitHub answers.
 */
function commitAnswer(alias: string, oid: string, selection: string, vars: Record<string, unknown>, objects: GraphqlObjects, errors: unknown[]): unknown {
  if (objects.isCommit?.(oid) !== true) return null;
  const answer: Record<string, unknown> = { oid };
  for (const [, fileAlias = '', variable = '', fields = ''] of selection.matchAll(FILE)) {
    const path = String(vars[variable]);
    const entry = objects.commitFile?.(oid, path);
    if (entry === undefined) {
      answer[fileAlias] = null;
      errors.push({ type: 'NOT_FOUND', path: ['repository', alias, fileAlias], message: `Could not resolve file for path '${path}'.` });
      continue;
    }
    answer[fileAlias] = Object.fromEntries(Object.entries(entry).filter(([name]) => new RegExp(`\\b${name}\\b`).test(fields)));
  }
  return answer;
}

/** The text between the brace that opens at `start - 1` and its match. */
function selectionAfter(query: string, start: number): string {
  let depth = 1;
  for (let i = start; i < query.length; i++) {
    if (query[i] === '{') depth += 1;
    if (query[i] === '}' && --depth === 0) return query.slice(start, i);
  }
  return query.slice(start);
}

function fields(object: FakeObject, selection: string, textLimit: number): Record<string, unknown> {
  const blobSelection = /\.\.\.\s*on\s+Blob\s*\{([^}]*)\}/.exec(selection)?.[1];
  const outer = selection.replace(/\.\.\.\s*on\s+\w+\s*\{[^}]*\}/g, ' ');
  const answer: Record<string, unknown> = {};
  if (/\boid\b/.test(outer)) answer.oid = object.oid;
  if (blobSelection === undefined || object.bytes === undefined) return answer;
  const bytes = object.bytes;
  const binary = bytes.subarray(0, 8000).includes(0);
  const truncated = !binary && bytes.length > textLimit;
  const blob: Record<string, unknown> = {
    byteSize: bytes.length,
    isBinary: binary,
    isTruncated: truncated,
    text: binary ? null : new TextDecoder('utf-8', { ignoreBOM: true }).decode(truncated ? bytes.subarray(0, textLimit) : bytes),
  };
  for (const name of ['oid', 'byteSize', 'isBinary', 'isTruncated', 'text']) {
    if (new RegExp(`\\b${name}\\b`).test(blobSelection)) answer[name] = name === 'oid' ? object.oid : blob[name];
  }
  return answer;
}
