/**
 * A local HTTP simulator of the Code Assistance API on 127.0.0.1, faithful to
 * `shared/reference/code-assistance-api.md`: same paths, bodies, statuses, error body and
 * `X-Request-Id`. A request goes through, in order: fault injection, routing (404/405),
 * authentication (401), scope (403), the key's limits (429), body validation (400), the
 * context limit (400), then the deterministic answer.
 */
import { performance } from 'node:perf_hooks';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { completeRequest, streamPieces } from './completion';
import type { SimulatedError } from './errors';
import {
  FaultQueue,
  HTML_502_PAGE,
  malformedBody,
  webPage,
  wrongShapeBody,
  type Fault,
  type FaultKind,
} from './faults';
import {
  authenticate,
  DEFAULT_DAILY_LIMIT,
  DEFAULT_KEYS,
  DEFAULT_RPM,
  isWellFormedKey,
  labelOf,
  type KeyConfig,
  type Scope,
} from './keys';
import { KeyLimiter, secondsUntilDailyReset } from './limits';
import { sendError, sendEvents, sendEventsPaced, sendJson, sendText } from './respond';
import { estimateTokens, reviewCode } from './rules';
import { swayedAnswer, swaysReviewer } from './gullible';
import { parseJsonObject, validateCompletion, validateReview } from './validate';

/** The window size is not documented; this default fits any file a pull request reviews. */
export const DEFAULT_CONTEXT_LIMIT_TOKENS = 32_000;
/** Bodies above this are answered 400 `invalid_request`. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface SimulatorOptions {
  /** Port on 127.0.0.1; default 0 (an ephemeral port). */
  port?: number;
  /** Accepted keys; default `DEFAULT_KEYS`. */
  keys?: KeyConfig[];
  /** Clock (ms since epoch) for the minute window, the IST day and `created_at`; default `Date.now`. */
  now?: () => number;
  /** How `latency` faults wait; default a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Largest input in estimated tokens (ceil(chars / 4)); default `DEFAULT_CONTEXT_LIMIT_TOKENS`. */
  contextLimitTokens?: number;
  /** Obey text in the code that speaks to the reviewer, as an LLM might (gullible.ts); default false, the honest reviewer. */
  gullible?: boolean;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  /** The status sent; 0 when a `hang` fault never answered. */
  status: number;
  /** The key's label, when the request carried a known key; never the key itself. */
  keyLabel?: string;
  /** The error code, when the answer was an error of the table. */
  code?: string;
  requestId: string;
  /** The injected fault that shaped the answer, if any. */
  fault?: FaultKind;
  /** The `retry_after` (seconds) the answer carried, if any. */
  retryAfter?: number;
  /** The request body as received (what the client sent: the code under review); undefined past the size limit. */
  body?: string;
  /** `performance.now()` when the request arrived and when its answer was sent (benchmarks). */
  receivedAt: number;
  answeredAt: number;
}

export interface RunningSimulator {
  /** Base URL without `/v1`, e.g. `http://127.0.0.1:54321`. */
  readonly url: string;
  /** Every request, in the order answered (live array). */
  readonly requests: RequestLogEntry[];
  /** Queues a fault for the next `times` (default 1) requests matching `path` (default any). */
  inject(fault: Fault): void;
  clearFaults(): void;
  /** Stops listening and ends every open connection, hanging ones included. */
  close(): Promise<void>;
}

const ROUTES: Readonly<Record<string, Scope>> = {
  '/v1/agent/review': 'review',
  '/v1/complete': 'complete',
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function checkOptions(options: SimulatorOptions): void {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError(`Expected \`port\` to be an integer from 0 to 65535; got ${port}.`);
  }
  const limit = options.contextLimitTokens ?? DEFAULT_CONTEXT_LIMIT_TOKENS;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new TypeError(
      `Expected \`contextLimitTokens\` to be an integer from 1 and up; got ${limit}.`,
    );
  }
  const seen = new Set<string>();
  for (const config of options.keys ?? DEFAULT_KEYS) {
    const label = labelOf(config);
    if (!isWellFormedKey(config.key)) {
      throw new TypeError(
        `Expected key '${label}' to be 'svc_live_' followed by at least 16 of [A-Za-z0-9_-].`,
      );
    }
    if (seen.has(config.key)) throw new TypeError(`Key '${label}' is configured twice.`);
    seen.add(config.key);
    const rpm = config.rpm ?? DEFAULT_RPM;
    if (rpm !== Infinity && (!Number.isInteger(rpm) || rpm < 1)) {
      throw new TypeError(
        `Expected \`rpm\` of key '${label}' to be an integer from 1 and up; got ${rpm}.`,
      );
    }
    const daily = config.dailyLimit ?? DEFAULT_DAILY_LIMIT;
    if (daily !== Infinity && (!Number.isInteger(daily) || daily < 0)) {
      throw new TypeError(
        `Expected \`dailyLimit\` of key '${label}' to be an integer from 0 and up; got ${daily}.`,
      );
    }
  }
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size <= MAX_BODY_BYTES) chunks.push(buffer);
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8');
}

function isStreamRequest(path: string, raw: string): boolean {
  if (path !== '/v1/complete') return false;
  const parsed = parseJsonObject(raw);
  return parsed.ok && parsed.value.stream === true;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  checkOptions(options);
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const contextLimit = options.contextLimitTokens ?? DEFAULT_CONTEXT_LIMIT_TOKENS;
  const keys = new Map((options.keys ?? DEFAULT_KEYS).map((config) => [config.key, config]));
  const limiters = new Map<string, KeyLimiter>();
  const faults = new FaultQueue();
  const requests: RequestLogEntry[] = [];
  let counter = 0;

  function limiterFor(config: KeyConfig): KeyLimiter {
    let limiter = limiters.get(config.key);
    if (!limiter) {
      limiter = new KeyLimiter(config.rpm ?? DEFAULT_RPM, config.dailyLimit ?? DEFAULT_DAILY_LIMIT, config.windowMs);
      limiters.set(config.key, limiter);
    }
    return limiter;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    counter += 1;
    const requestId = `svc_req_${String(counter).padStart(12, '0')}`;
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const entry: RequestLogEntry = { method, path, status: 0, requestId, receivedAt: performance.now(), answeredAt: 0 };
    const done = (status: number, code?: string) => {
      entry.status = status;
      entry.answeredAt = performance.now();
      if (code !== undefined) entry.code = code;
      requests.push(entry);
    };
    const fail = (error: SimulatedError) => {
      if (error.retryAfter !== undefined) entry.retryAfter = error.retryAfter;
      done(sendError(res, error, requestId), error.code);
    };

    const raw = await readBody(req);
    if (raw !== undefined) entry.body = raw;
    const fault = faults.take(path, raw ?? '');
    if (fault) entry.fault = fault.kind;
    if (fault?.kind === 'reply') {
      const answer = fault.reply({ path, body: raw ?? '', authorization: req.headers.authorization });
      const status = answer.status ?? 200;
      sendJson(res, status, answer.body, requestId);
      return done(status);
    }
    if (fault?.kind === 'stream') {
      done(200);
      await sendEventsPaced(res, fault.data, requestId, { ...(fault.before ? { before: fault.before } : {}), ...(fault.hold ? { hold: true } : {}) });
      return;
    }
    if (fault && fault.kind !== 'latency' && fault.kind !== 'answer') {
      answerFault(fault, raw ?? '', path, requestId, res, fail, done);
      return;
    }
    if (fault?.kind === 'latency') await sleep(fault.ms);
    const patch = fault?.kind === 'answer' ? fault.patch : {};

    const scope = ROUTES[path];
    if (scope === undefined) {
      fail({ code: 'invalid_request', status: 404, message: `No operation at ${method} ${path}.` });
      return;
    }
    if (method !== 'POST') {
      res.setHeader('Allow', 'POST');
      fail({
        code: 'invalid_request',
        status: 405,
        message: `${path} accepts POST only; got ${method}.`,
      });
      return;
    }

    const auth = authenticate(req.headers.authorization, keys);
    if (!auth.ok) return fail(auth.error);
    entry.keyLabel = labelOf(auth.config);
    if (!auth.config.scopes.includes(scope)) {
      fail({
        code: 'insufficient_scope',
        message: `This key lacks the '${scope}' scope required by POST ${path}.`,
      });
      return;
    }
    const limited = limiterFor(auth.config).admit(now());
    if (limited) return fail(limited);

    if (raw === undefined) {
      fail({ code: 'invalid_request', message: `The request body exceeds ${MAX_BODY_BYTES} bytes.` });
      return;
    }
    const body = parseJsonObject(raw);
    if (!body.ok) return fail(body.error);

    if (scope === 'review') {
      const request = validateReview(body.value);
      if (!request.ok) return fail(request.error);
      const tokens = estimateTokens(request.value.code);
      if (tokens > contextLimit) return fail(tooLong('code', tokens));
      const honest = reviewCode(request.value);
      const answer = options.gullible === true && swaysReviewer(request.value.code) ? swayedAnswer(honest) : honest;
      sendJson(res, 200, { ...answer, ...patch }, requestId);
      return done(200);
    }

    const request = validateCompletion(body.value);
    if (!request.ok) return fail(request.error);
    const tokens = estimateTokens((request.value.system ?? '') + request.value.prompt);
    if (tokens > contextLimit) return fail(tooLong('prompt plus system', tokens));
    const answer = completeRequest(request.value, now());
    if (request.value.stream) {
      const events = streamPieces(answer.content).map((delta) => JSON.stringify({ delta }));
      sendEvents(res, [...events, '[DONE]'], requestId);
    } else {
      sendJson(res, 200, { ...answer, ...patch }, requestId);
    }
    done(200);
  }

  function tooLong(what: string, tokens: number): SimulatedError {
    return {
      code: 'context_too_long',
      message: `The ${what} is about ${tokens} tokens; the context window holds ${contextLimit}.`,
    };
  }

  function answerFault(
    fault: Exclude<Fault, { kind: 'latency' | 'answer' | 'reply' | 'stream' }>,
    raw: string,
    path: string,
    requestId: string,
    res: ServerResponse,
    fail: (error: SimulatedError) => void,
    done: (status: number, code?: string) => void,
  ): void {
    switch (fault.kind) {
      case 'overloaded':
        return fail({
          code: 'overloaded',
          message: 'Inference servers are temporarily at capacity.',
          retryAfter: fault.retryAfter ?? 1,
        });
      case 'rate_limited':
        return fail({
          code: 'rate_limit_exceeded',
          message: 'Too many requests in the current window.',
          retryAfter: fault.retryAfter ?? 1,
        });
      case 'daily_limit':
        return fail({
          code: 'daily_limit_exceeded',
          message: 'Daily request limit reached; it resets at midnight IST (18:30 UTC).',
          retryAfter: secondsUntilDailyReset(now()),
        });
      case 'inference_error':
        return fail({
          code: 'inference_error',
          message: 'The inference server failed while processing.',
        });
      case 'error': {
        const error: SimulatedError = { code: fault.code, message: `Injected ${fault.code} error.` };
        if (fault.status !== undefined) error.status = fault.status;
        if (fault.retryAfter !== undefined) error.retryAfter = fault.retryAfter;
        return fail(error);
      }
      case 'malformed_json':
        if (isStreamRequest(path, raw)) {
          sendEvents(res, ['{"delta":"def add(a, b', '[DONE]'], requestId);
        } else {
          sendText(res, 200, 'application/json; charset=utf-8', malformedBody(path), requestId);
        }
        return done(200);
      case 'wrong_shape':
        if (isStreamRequest(path, raw)) {
          sendEvents(res, [JSON.stringify({ text: 'delta is missing' }), '[DONE]'], requestId);
        } else {
          sendJson(res, 200, wrongShapeBody(path), requestId);
        }
        return done(200);
      case 'html_502':
        sendText(res, 502, 'text/html', HTML_502_PAGE);
        return done(502);
      case 'web_page':
        // A redirect says where to: the same path on https, as a site that moved to TLS answers.
        if (fault.status >= 300 && fault.status < 400) res.setHeader('Location', `https://127.0.0.1${path}`);
        sendText(res, fault.status, 'text/html', webPage(fault.status));
        return done(fault.status);
      case 'hang':
        return done(0);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the simulator: answer like the service's own failure rather than hang.
      if (res.headersSent) return void res.destroy();
      const requestId = `svc_req_${String((counter += 1)).padStart(12, '0')}`;
      const message = error instanceof Error ? error.message : String(error);
      sendError(res, { code: 'inference_error', message: `Simulator failure: ${message}` }, requestId);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    inject: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
