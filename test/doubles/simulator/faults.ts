/**
 * Fault injection: a queue of faults, each answering the next `times` requests whose path
 * matches. Faults are matched before routing and authentication (they stand for the service's
 * infrastructure) and a request a fault answers does not count against any limit. Two kinds
 * only shape a normal answer, which counts as usual: `latency` delays it, `answer` patches it.
 */
import { STATUS_CODES } from 'node:http';
import type { ErrorCode } from '../../../src/service/types';

export interface FaultTarget {
  /** How many matching requests the fault answers; default 1. */
  times?: number;
  /** Only requests to exactly this path (e.g. `/v1/agent/review`); default every path. */
  path?: string;
  /**
   * Only requests whose raw body contains this text (e.g. a line of one file's code, to answer
   * one file — or one version of it — differently); default every body.
   */
  bodyContains?: string;
}

/** What a `reply` fault is told about the request it answers. */
export interface FaultRequest {
  path: string;
  /** The raw body, as sent. */
  body: string;
  /** The `Authorization` header, as sent (a reply may echo the key, as a careless service would). */
  authorization: string | undefined;
}

/** The answer a `reply` fault sends: `body` as JSON, with `status` (default 200). */
export interface FaultReply {
  status?: number;
  body: unknown;
}

export type FaultSpec =
  /** 503 `overloaded` with `retry_after` (default 1). */
  | { kind: 'overloaded'; retryAfter?: number }
  /** 429 `rate_limit_exceeded` with `retry_after` (default 1). */
  | { kind: 'rate_limited'; retryAfter?: number }
  /** 429 `daily_limit_exceeded`, `retry_after` = seconds until 18:30 UTC. */
  | { kind: 'daily_limit' }
  /** 500 `inference_error`. */
  | { kind: 'inference_error' }
  /** 200 whose body is cut-off JSON (for a stream: an event with cut-off JSON, then `[DONE]`). */
  | { kind: 'malformed_json' }
  /** 200 JSON missing required fields (for a stream: events without `delta`, then `[DONE]`). */
  | { kind: 'wrong_shape' }
  /** 502 with an HTML page, as a reverse proxy sends it; no `X-Request-Id`. */
  | { kind: 'html_502' }
  /**
   * `status` with a web server's HTML page and no `X-Request-Id`: what an api-url that does not
   * lead to the service gets (404 or 405 from a proxy or a website, 301 to another address with a
   * `Location`, 200 with a site's page).
   */
  | { kind: 'web_page'; status: number }
  /** Waits `ms` (through the injected `sleep`), then serves the request normally. */
  | { kind: 'latency'; ms: number }
  /** Any code of the table; `status` defaults to the code's documented status. */
  | { kind: 'error'; code: ErrorCode; status?: number; retryAfter?: number }
  /** Never answers; `close()` still ends the connection. */
  | { kind: 'hang' }
  /**
   * Serves the request as usual (routing, key, limits, validation, the rules), then replaces
   * top-level fields of its JSON answer with those of `patch` — for answers the rules never give:
   * `{ quality_score: 59.5 }`, `{ issues: [{ severity: 'CRITICAL', line: 0, message: '…' }] }`.
   * A field patched to `undefined` is left out. An error answer, or a streamed completion, is
   * sent unchanged.
   */
  | { kind: 'answer'; patch: Readonly<Record<string, unknown>> }
  /** Answers with what `reply` builds from the request: text no rule would produce (hostile, echoing the key). */
  | { kind: 'reply'; reply: (request: FaultRequest) => FaultReply }
  /**
   * A 200 event stream of these `data:` lines, sent one at a time: line `i` goes out once
   * `before(i)` resolves (a test releases each delta only after seeing the previous one printed).
   * With `hold`, the connection stays open after the last line, as a server may after `[DONE]`.
   */
  | { kind: 'stream'; data: readonly string[]; before?: (index: number) => Promise<void>; hold?: boolean };

export type Fault = FaultSpec & FaultTarget;
export type FaultKind = Fault['kind'];

interface Pending {
  fault: Fault;
  remaining: number;
}

function checkFault(fault: Fault): void {
  const times = fault.times ?? 1;
  if (!Number.isInteger(times) || times < 1) {
    throw new TypeError(`Expected \`times\` to be an integer from 1 and up; got ${String(fault.times)}.`);
  }
  const seconds = 'retryAfter' in fault ? fault.retryAfter : undefined;
  if (seconds !== undefined && (!Number.isInteger(seconds) || seconds < 0)) {
    throw new TypeError(`Expected \`retryAfter\` to be a whole number of seconds; got ${seconds}.`);
  }
  if (fault.kind === 'answer' && (typeof fault.patch !== 'object' || fault.patch === null || Array.isArray(fault.patch))) {
    throw new TypeError(`Expected \`patch\` to be an object of answer fields; got ${JSON.stringify(fault.patch)}.`);
  }
  if (fault.kind === 'latency' && (!Number.isFinite(fault.ms) || fault.ms < 0)) {
    throw new TypeError(`Expected \`ms\` to be a number from 0 and up; got ${fault.ms}.`);
  }
  if (fault.kind === 'stream' && (!Array.isArray(fault.data) || fault.data.some((line) => typeof line !== 'string' || line.includes('\n')))) {
    throw new TypeError('Expected `data` to be an array of one-line strings.');
  }
  if (fault.bodyContains !== undefined && (typeof fault.bodyContains !== 'string' || fault.bodyContains === '')) {
    throw new TypeError(`Expected \`bodyContains\` to be a non-empty string; got ${JSON.stringify(fault.bodyContains)}.`);
  }
  if (fault.kind === 'web_page' && (!Number.isInteger(fault.status) || fault.status < 200 || fault.status > 599)) {
    throw new TypeError(`Expected \`status\` to be an HTTP status from 200 to 599; got ${String(fault.status)}.`);
  }
  if (fault.kind === 'reply' && typeof fault.reply !== 'function') {
    throw new TypeError('Expected `reply` to be a function of the request.');
  }
}

export class FaultQueue {
  private pending: Pending[] = [];

  add(fault: Fault): void {
    checkFault(fault);
    this.pending.push({ fault, remaining: fault.times ?? 1 });
  }

  clear(): void {
    this.pending = [];
  }

  /** The first fault, in injection order, that matches `path` and `body`; uses up one of its `times`. */
  take(path: string, body = ''): Fault | undefined {
    const index = this.pending.findIndex(
      ({ fault }) => (fault.path === undefined || fault.path === path) && (fault.bodyContains === undefined || body.includes(fault.bodyContains)),
    );
    const entry = this.pending[index];
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining === 0) this.pending.splice(index, 1);
    return entry.fault;
  }
}

/** What a reverse proxy in front of the service answers when the upstream is gone. */
export const HTML_502_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** A web server's page for `status`, as nginx words it. */
export function webPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Unknown'}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/** A body cut off mid-way, per path, so a client's JSON parse fails. */
export function malformedBody(path: string): string {
  return path === '/v1/complete'
    ? '{"id":"cmpl_0","object":"completion","model":"service-1","content":"def add(a, b):\\n    ret'
    : '{"model":"service-1","summary":"Reviewed 3 lines","issues":[{"severity":"error","line":';
}

/** Valid JSON that lacks the operation's required fields. */
export function wrongShapeBody(path: string): Record<string, unknown> {
  return path === '/v1/complete'
    ? { id: 'cmpl_0', object: 'completion', text: 'content is missing' }
    : { model: 'service-1', summary: 'issues, suggestions and quality_score are missing' };
}
