/**
 * The completion stream's events, read from its bytes with eventsource-parser (the WHATWG
 * event-stream rules: a line or a UTF-8 character split across chunks, several events in one
 * chunk, LF, CRLF or a lone CR, comments, multi-line data), and the reading of each event.
 */
import { createParser } from 'eventsource-parser';
import type { EventSourceMessage, EventSourceParser } from 'eventsource-parser';
import {InvalidResponseError, errorObjectOf, serviceErrorFromObject, snippetOf} from './errors';
import { quoteValue } from '../domain/quote-value';

/** One event: `data` is its `data:` lines joined with `\n`; `event` and `id` when it named them. */
export type SseEvent = EventSourceMessage;

/** `data: [DONE]` as the last line so far, ended: the stream's end, whether a blank line follows or not. */
const DONE_LINE_AT_END = /[\r\n]data: ?\[DONE\][ \t]*(?:\r\n|\r|\n)+$/;
/** Enough of the text's end to hold that line and the line break before it. */
const TAIL = 64;

export class CompletionEventReader {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly parser: EventSourceParser;
  private ready: SseEvent[] = [];
  /** The end of the text read so far, after a line break standing for the stream's start. */
  private tail = '\n';

  constructor() {
    this.parser = createParser({ onEvent: (event) => this.ready.push(event) });
  }

  /** Feeds a chunk; returns the events it completed. */
  push(chunk: Uint8Array | string): SseEvent[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    this.parser.feed(text);
    this.tail = (this.tail + text).slice(-TAIL);
    // The reference ends the stream with the line `data: [DONE]`; a server may send no blank line
    // after it and hold the connection open. The event it ends is dispatched as if one came.
    if (DONE_LINE_AT_END.test(this.tail)) this.parser.feed('\n\n');
    return this.take();
  }

  /**
   * Ends the input. Unlike a browser, the event pending at the end (a last line without the
   * blank line after it) is dispatched, so `data: [DONE]` followed by a close still counts.
   */
  end(): SseEvent[] {
    this.parser.feed(`${this.decoder.decode()}\n\n`);
    return this.take();
  }

  private take(): SseEvent[] {
    const events = this.ready;
    this.ready = [];
    return events;
  }
}

export type CompletionEvent = { type: 'delta'; delta: string } | { type: 'done' };

export const DONE_MARKER = '[DONE]';

/**
 * Reads one event of the completion stream. The reference does not show how errors arrive in a
 * stream; an `{"error": {...}}` object (under any event name) is taken as the service's error.
 */
export function readCompletionEvent(event: SseEvent, context: { status: number; requestId?: string }): CompletionEvent {
  const data = event.data;
  if (data.trim() === DONE_MARKER) return { type: 'done' };
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch (cause) {
    throw new InvalidResponseError(`Invalid completion stream: an event's data is not JSON: ${snippetOf(data)}`, {
      status: context.status,
      snippet: snippetOf(data),
      field: 'data',
      cause,
      requestId: context.requestId,
    });
  }
  const error = errorObjectOf(payload);
  if (error !== undefined) throw serviceErrorFromObject(error, context, 'Completion service');
  const object = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  if (typeof object.delta !== 'string') {
    throw new InvalidResponseError(
      `Invalid completion stream: delta must be a string, got ${quoteValue(object.delta)} in ${snippetOf(data)}`,
      { status: context.status, snippet: snippetOf(data), field: 'delta', requestId: context.requestId },
    );
  }
  return { type: 'delta', delta: object.delta };
}
