/**
 * The completion stream handed to callers: an async iterable of deltas that starts the request
 * when it is first read. It ends normally only after `data: [DONE]`; any other end throws.
 */
import type { Dispatcher } from 'undici';
import { InvalidResponseError, errorObjectOf, redactError, serviceErrorFromObject } from './errors';
import { headerValue, mapTransportError, readJson } from './http';
import type { Transport } from './http';
import { CompletionEventReader, readCompletionEvent } from './sse';
import type { SseEvent } from './sse';

const SERVICE = 'Completion service';

/**
 * The deltas of one completion, in order, as they arrive. Read it once: by iterating, or by
 * `text()`. Iteration finishing without an error means the stream ended at `data: [DONE]`
 * (`completed` is then true); a stream that closes before it throws instead — an
 * InvalidResponseError when the answer ended cleanly, a NetworkError when the connection broke.
 */
export interface CompletionStream extends AsyncIterable<string> {
  /** All deltas joined, once the stream has ended at `[DONE]`. */
  text(): Promise<string>;
  /** True once `data: [DONE]` was read. */
  readonly completed: boolean;
  /** The answer's `X-Request-Id`, once its headers are in. */
  readonly requestId: string | undefined;
}

export class LiveCompletionStream implements CompletionStream {
  completed = false;
  requestId: string | undefined;
  private started = false;

  constructor(
    private readonly open: () => Promise<Dispatcher.ResponseData>,
    private readonly transport: Transport,
    private readonly signal?: AbortSignal,
  ) {}

  [Symbol.asyncIterator](): AsyncIterator<string> {
    if (this.started) throw new TypeError('A completion stream can be read only once');
    this.started = true;
    return this.deltas();
  }

  async text(): Promise<string> {
    const parts: string[] = [];
    for await (const delta of this) parts.push(delta);
    return parts.join('');
  }

  private async *deltas(): AsyncGenerator<string, void, undefined> {
    const response = await this.open();
    this.requestId = headerValue(response.headers, 'x-request-id');
    const context = { status: response.statusCode, requestId: this.requestId };
    if ((headerValue(response.headers, 'content-type') ?? '').includes('application/json')) {
      // Not an event stream: the reference does not show how errors arrive in a stream, so a
      // JSON error object here is taken as the service's error.
      const json = await readJson(response, this.transport, SERVICE);
      const error = errorObjectOf(json);
      if (error !== undefined) throw redactError(serviceErrorFromObject(error, context, SERVICE), this.transport.redactor);
      throw new InvalidResponseError(`${SERVICE} answered ${response.statusCode} with JSON instead of an event stream`, context);
    }
    const reader = new CompletionEventReader();
    let count = 0;
    const handle = (events: SseEvent[]): string[] => {
      const out: string[] = [];
      for (const event of events) {
        const read = readCompletionEvent(event, context);
        if (read.type === 'done') {
          this.completed = true;
          break;
        }
        out.push(read.delta);
      }
      return out;
    };
    const chunks = (response.body as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    let quiet = false;
    // A quiet spell is timed while the stream waits for the service, not while the caller holds a
    // delta; undici's bodyTimeout (the same length) stays behind it as a backstop, and still runs
    // while a delta is held.
    const nextChunk = async (): Promise<IteratorResult<unknown>> => {
      const stop = this.transport.startTimer(this.transport.timeoutMs, () => {
        quiet = true;
        response.body.destroy(new Error('quiet for too long'));
      });
      try {
        return await chunks.next();
      } finally {
        stop();
      }
    };
    try {
      for (let next = await nextChunk(); next.done !== true; next = await nextChunk()) {
        const deltas = handle(reader.push(toChunk(next.value)));
        for (const delta of deltas) {
          count += 1;
          // Each delta on its own: a secret split across two deltas is the reader's to redact.
          yield this.transport.redactor.text(delta);
        }
        // The reader takes `data: [DONE]` as the end with or without a blank line after it.
        if (this.completed) return;
      }
      for (const delta of handle(reader.end())) {
        count += 1;
        yield this.transport.redactor.text(delta);
      }
    } catch (error) {
      throw redactError(mapTransportError(error, this.transport, {
        service: SERVICE,
        timedOut: quiet,
        signal: this.signal,
        during: `during the completion stream, after ${count} deltas, before data: [DONE]`,
      }), this.transport.redactor);
    } finally {
      if (!response.body.destroyed) response.body.destroy();
    }
    if (!this.completed) {
      throw new InvalidResponseError(
        `${SERVICE} ended the completion stream before data: [DONE], after ${count} deltas; the text is incomplete`,
        context,
      );
    }
  }
}

function toChunk(chunk: unknown): Uint8Array | string {
  if (typeof chunk === 'string' || chunk instanceof Uint8Array) return chunk;
  throw new TypeError(`Unexpected chunk of type ${typeof chunk} in the completion stream`);
}
