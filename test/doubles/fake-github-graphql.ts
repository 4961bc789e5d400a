/**
 * The fake GitHub's GraphQL endpoint, for the operations review-gate sends: the
 * `pullRequest.reviewThreads` query (paginated by cursor, as GitHub does), the
 * `resolveReviewThread` mutation, the `viewer` (the token's account), and object lookups by oid
 * or expression (fake-github-objects.ts).
 * A thread is a top-level review comment with its replies; its id
 * is `PRRT_<first comment id>`. A token that may not resolve gets what GitHub sends: status 200,
 * `data.resolveReviewThread: null` and a FORBIDDEN error. Any other document is an error.
 */
import { answerObjectQuery } from './fake-github-objects';
import type { GraphqlObjects } from './fake-github-objects';

const NO_OBJECTS: GraphqlObjects = { byOid: () => undefined, byExpression: () => undefined };

export interface GraphqlThreads {
  /** The first comments of the pull request's threads (submitted reviews only), oldest first. */
  roots(pullNumber: number): Array<{ id: number }>;
  /** Every comment id of the thread the first comment opens, in order. */
  commentIds(rootId: number): number[];
  /** First comment ids of resolved threads. */
  resolved: Set<number>;
  /** The mutation is refused, as for a token without the permission. */
  refuseResolve(): boolean;
}

const FORBIDDEN = (path: string) => ({
  type: 'FORBIDDEN',
  path: [path],
  locations: [{ line: 2, column: 3 }],
  message: 'Resource not accessible by integration',
});

function threadNode(threads: GraphqlThreads, rootId: number, commentsFirst: number): Record<string, unknown> {
  return {
    id: `PRRT_${rootId}`,
    isResolved: threads.resolved.has(rootId),
    comments: { nodes: threads.commentIds(rootId).slice(0, commentsFirst).map((databaseId) => ({ databaseId })) },
  };
}

/** The token's account as GraphQL's `viewer` shows it. */
export interface GraphqlViewer {
  login: string;
  databaseId: number | null;
}

/**
 * The answer (always status 200, as GitHub's GraphQL endpoint does) to one GraphQL request.
 * `viewer` undefined: the viewer query is answered with an error, as when GitHub cannot say who the token is.
 */
export function answerGraphql(body: unknown, threads: GraphqlThreads, objects: GraphqlObjects = NO_OBJECTS, viewer?: GraphqlViewer): unknown {
  const { query, variables } = (typeof body === 'object' && body !== null ? body : {}) as { query?: unknown; variables?: Record<string, unknown> };
  const vars = variables ?? {};
  if (typeof query !== 'string') return { errors: [{ message: 'A query attribute must be specified and must be a string.' }] };

  if (/^\s*(?:query\b[^{]*)?\{\s*viewer\s*\{/.test(query)) {
    if (viewer === undefined) return { data: null, errors: [{ type: 'FORBIDDEN', path: ['viewer'], message: 'Resource not accessible by integration' }] };
    const fields = /viewer\s*\{([^}]*)\}/.exec(query)?.[1]?.split(/[\s,]+/).filter((f) => f !== '') ?? [];
    return { data: { viewer: Object.fromEntries(fields.map((field) => [field, (viewer as unknown as Record<string, unknown>)[field] ?? null])) } };
  }

  if (/\bresolveReviewThread\s*\(/.test(query)) {
    if (threads.refuseResolve()) return { data: { resolveReviewThread: null }, errors: [FORBIDDEN('resolveReviewThread')] };
    const threadId = typeof vars.threadId === 'string' ? vars.threadId : '';
    const rootId = Number(/^PRRT_(\d+)$/.exec(threadId)?.[1] ?? Number.NaN);
    if (!Number.isInteger(rootId) || threads.commentIds(rootId).length === 0) {
      return { data: { resolveReviewThread: null }, errors: [{ type: 'NOT_FOUND', path: ['resolveReviewThread'], message: `Could not resolve to a node with the global id of '${threadId}'` }] };
    }
    threads.resolved.add(rootId);
    return { data: { resolveReviewThread: { thread: { id: threadId, isResolved: true } } } };
  }

  if (/\breviewThreads\s*\(/.test(query)) {
    const first = Number(/reviewThreads\s*\(\s*first:\s*(\d+)/.exec(query)?.[1] ?? vars.first ?? 0);
    if (!Number.isInteger(first) || first < 1 || first > 100) {
      return { errors: [{ message: 'Requesting more than 100 records on the connection is not allowed, and at least 1 is required.' }] };
    }
    const commentsFirst = Number(/comments\s*\(\s*first:\s*(\d+)/.exec(query)?.[1] ?? 0);
    const roots = threads.roots(Number(vars.number));
    const after = typeof vars.after === 'string' ? Number(Buffer.from(vars.after, 'base64').toString('utf8').replace('cursor:', '')) : 0;
    const page = roots.slice(after, after + first);
    const end = after + page.length;
    return {
      data: {
        repository: {
          pullRequest: {
            reviewThreads: {
              pageInfo: { hasNextPage: end < roots.length, endCursor: page.length === 0 ? null : Buffer.from(`cursor:${end}`).toString('base64') },
              nodes: page.map((root) => threadNode(threads, root.id, commentsFirst)),
            },
          },
        },
      },
    };
  }
  const looked = answerObjectQuery(query, vars, objects);
  if (looked !== undefined) return looked;
  return { errors: [{ message: 'The fake GitHub answers only the reviewThreads query, the resolveReviewThread mutation, the viewer and object lookups.' }] };
}
