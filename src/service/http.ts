/**
 * One HTTP attempt against the service with undici: headers, the per-attempt deadline, the
 * caller's abort signal, and the mapping of every failure onto the client's error classes.
 * Error answers are read here; a success hands back its body for the caller to read.
 */
import { request } from 'undici';
import type { Dispatcher } from 'undici';
import type { Redactor } from '../safety/redact';
import { systemErrorCode } from '../safety/system-error';
import {
  InvalidResponseError,
  NetworkError,
  TimeoutError,
  errorObjectOf,
  isApiError,
  redactError,
  serviceErrorFromObject,
  snippetOf,
} from './errors';
import type { StartTimer } from './options';
import { retryAfterSeconds } from './retry-after';

export interface Transport {
  /** Normalized base URL, without a trailing slash and without `/v1`. */
  baseUrl: string;
  dispatcher: Dispatcher;
  apiKey: string;
  /** Keeps the key (and any other secret of the caller) out of answers and errors. */
  redactor: Redactor;
  userAgent: string;
  timeoutMs: number;
  /** Times the attempt's deadline and a stream's quiet spells. */
  startTimer: StartTimer;
  /** The clock a `Retry-After` date is read against (ms since the epoch). */
  now: () => number;
}

export interface AttemptOptions {
  path: string;
  body: Record<string, unknown>;
  accept: string;
  /** `Review service` or `Completion service`, for messages. */
  service: string;
  signal?: AbortSignal;
}

type ResponseData = Dispatcher.ResponseData;

/**
 * The deadline of one attempt. `stop()` ends it; `timedOut` says whether it fired. Not
 * `AbortSignal.timeout`: that signal cannot be stopped, and a completion stream goes on after its
 * attempt returns, with the signal still on its body; from then on only its quiet spells are
 * bounded (stream.ts, and undici's `bodyTimeout` behind it), so a long answer is never cut at
 * `timeoutMs` in all.
 */
class Deadline {
  readonly controller = new AbortController();
  timedOut = false;
  readonly stop: () => void;

  constructor(ms: number, startTimer: StartTimer) {
    this.stop = startTimer(ms, () => {
      this.timedOut = true;
      this.controller.abort(new Error('deadline'));
    });
  }
}

/**
 * Aborts `controller` when the caller's `signal` aborts, until the returned function is called.
 * Not `AbortSignal.any`: the signal it makes stays registered with the caller's, which is the
 * queue's and lasts the whole review, so every attempt's signal (about 2 KB with what it holds)
 * stayed in memory until the queue ended: 6 MB of a 3,000-file review (docs/performance.md).
 */
function follow(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (signal === undefined) return () => undefined;
  const abort = (): void => controller.abort(signal.reason);
  signal.addEventListener('abort', abort, { once: true });
  return () => signal.removeEventListener('abort', abort);
}

export function headerValue(headers: ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

/** An error as it may be kept as `cause`: the original unless its text holds a secret. */
function safeCause(error: unknown, redactor: Redactor): unknown {
  if (!(error instanceof Error)) return error;
  const text = `${error.message}\n${error.stack ?? ''}`;
  if (redactor.text(text) === text) return error;
  const copy = new Error(redactor.text(error.message));
  copy.name = error.name;
  const code = systemErrorCode(error);
  if (code !== undefined) Object.assign(copy, { code });
  return copy;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * Maps a failure of undici onto the client's errors. A caller's abort rethrows the signal's
 * reason (never retried); an error without a code (a bug) and an undici argument error pass
 * through unchanged.
 */
export function mapTransportError(
  error: unknown,
  transport: Transport,
  context: { service: string; timedOut: boolean; signal?: AbortSignal; during: string },
): unknown {
  const cause = safeCause(error, transport.redactor);
  if (context.timedOut) {
    return new TimeoutError(`${context.service} did not answer within ${transport.timeoutMs} ms (${context.during})`, { cause });
  }
  if (context.signal?.aborted === true) return context.signal.reason;
  if (isApiError(error)) return error;
  const code = systemErrorCode(error);
  if (code === undefined || code === 'UND_ERR_INVALID_ARG') return error;
  if (TIMEOUT_CODES.has(code)) {
    return new TimeoutError(`${context.service} did not answer within ${transport.timeoutMs} ms (${context.during}, ${code})`, { cause });
  }
  const detail = error instanceof Error ? transport.redactor.text(error.message) : code;
  return new NetworkError(`${context.service} at ${new URL(transport.baseUrl).origin} failed ${context.during}: ${detail} (${code})`, { cause });
}

async function readText(body: ResponseData['body']): Promise<string> {
  return await body.text();
}

/** Turns an error answer (any status outside 2xx) into a ServiceError or InvalidResponseError. */
async function errorFromResponse(response: ResponseData, transport: Transport, service: string): Promise<Error> {
  const text = transport.redactor.text(await readText(response.body));
  const requestId = headerValue(response.headers, 'x-request-id');
  const retryHeader = retryAfterSeconds(headerValue(response.headers, 'retry-after'), transport.now());
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const error = errorObjectOf(json);
  if (error !== undefined) {
    return serviceErrorFromObject(error, {
      status: response.statusCode,
      requestId,
      retryAfterHeader: retryHeader,
    }, service);
  }
  const snippet = snippetOf(text);
  const what = json === undefined ? 'a body that is not JSON' : 'a JSON body without an error object';
  return new InvalidResponseError(`${service} answered ${response.statusCode} with ${what}: ${snippet === '' ? '(empty)' : snippet}`, {
    status: response.statusCode,
    requestId,
    snippet,
  });
}

/**
 * Sends one POST and, for a 2xx answer, calls `read` on it while the deadline still runs (so a
 * stalled body times out too). `read` for a stream returns as soon as the headers are in; the
 * stream bounds its quiet spells itself, with undici's `bodyTimeout` behind.
 */
export async function attempt<T>(
  transport: Transport,
  options: AttemptOptions,
  read: (response: ResponseData) => Promise<T>,
): Promise<T> {
  const { signal, service } = options;
  if (signal?.aborted === true) throw signal.reason;
  const deadline = new Deadline(transport.timeoutMs, transport.startTimer);
  // The caller's signal aborts the attempt, its body included: followed until the body closes
  // (a completion stream is read after this returns), or until the attempt fails without one.
  const unfollow = follow(signal, deadline.controller);
  let during = 'before answering';
  try {
    const response = await request(`${transport.baseUrl}${options.path}`, {
      method: 'POST',
      dispatcher: transport.dispatcher,
      signal: deadline.controller.signal,
      headersTimeout: transport.timeoutMs,
      bodyTimeout: transport.timeoutMs,
      headers: {
        authorization: `Bearer ${transport.apiKey}`,
        'content-type': 'application/json',
        accept: options.accept,
        'user-agent': transport.userAgent,
      },
      body: JSON.stringify(options.body),
    });
    during = 'while sending its answer';
    if (response.body.closed) unfollow();
    else response.body.once('close', unfollow);
    if (response.statusCode < 200 || response.statusCode > 299) {
      throw await errorFromResponse(response, transport, service);
    }
    return await read(response);
  } catch (error) {
    if (during === 'before answering') unfollow();
    throw redactError(mapTransportError(error, transport, { service, timedOut: deadline.timedOut, signal, during }), transport.redactor);
  } finally {
    deadline.stop();
  }
}

/** Reads a whole 2xx body as JSON; a body that is not JSON is an InvalidResponseError. */
export async function readJson(response: ResponseData, transport: Transport, service: string): Promise<unknown> {
  const text = await readText(response.body);
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    const snippet = snippetOf(transport.redactor.text(text));
    throw new InvalidResponseError(`${service} answered ${response.statusCode} with a body that is not JSON: ${snippet === '' ? '(empty)' : snippet}`, {
      status: response.statusCode,
      requestId: headerValue(response.headers, 'x-request-id'),
      snippet,
      cause,
    });
  }
}
