/**
 * An incremental Server-Sent Events parser (the WHATWG event-stream rules) and the reading of
 * the completion stream's events. The parser is fed arbitrary chunks: a line or a UTF-8
 * character may be split across them, one chunk may hold several events, and lines may end in
 * LF, CRLF or a lone CR.
 */
import { InvalidResponseError, errorObjectOf, renderValue, serviceErrorFromObject, snippetOf } from './errors';

export interface SseEvent {
  /** The `event:` field; `message` when the event did not name one. */
  event: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
  id?: string;
}

export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  /** A chunk ended in CR: a LF at the start of the next chunk belongs to the same line end. */
  private skipLeadingLf = false;
  private dataLines: string[] = [];
  private eventType = '';
  private lastId: string | undefined;

  /** Feeds a chunk; returns the events it completed. */
  push(chunk: Uint8Array | string): SseEvent[] {
    let text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (this.skipLeadingLf && text.length > 0) {
      if (text.startsWith('\n')) text = text.slice(1);
      this.skipLeadingLf = false;
    }
    this.buffer += text;
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (match === null) break;
      const line = this.buffer.slice(0, match.index);
      const end = match.index + match[0].length;
      if (match[0] === '\r' && end === this.buffer.length) this.skipLeadingLf = true;
      this.buffer = this.buffer.slice(end);
      const event = this.processLine(line);
      if (event !== undefined) events.push(event);
    }
    return events;
  }

  /**
   * Ends the input. Unlike a browser, the event pending at the end (a last line without the
   * blank line after it) is dispatched, so `data: [DONE]` followed by a close still counts.
   */
  end(): SseEvent[] {
    const rest = this.buffer + this.decoder.decode();
    this.buffer = '';
    if (rest.length > 0) this.processLine(rest);
    const event = this.dispatch();
    return event === undefined ? [] : [event];
  }

  /** The data of the event being read, not yet dispatched (`[DONE]` needs no blank line). */
  get pendingData(): string | undefined {
    return this.dataLines.length > 0 ? this.dataLines.join('\n') : undefined;
  }

  private processLine(line: string): SseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined; // a comment, e.g. `: keep-alive`
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.dataLines.push(value);
    else if (field === 'event') this.eventType = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    // `retry` and unknown fields are ignored, as the event-stream rules say.
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    const type = this.eventType;
    this.eventType = '';
    if (this.dataLines.length === 0) return undefined; // a blank keep-alive line
    const event: SseEvent = { event: type === '' ? 'message' : type, data: this.dataLines.join('\n') };
    this.dataLines = [];
    if (this.lastId !== undefined) event.id = this.lastId;
    return event;
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
      `Invalid completion stream: delta must be a string, got ${renderValue(object.delta)} in ${snippetOf(data)}`,
      { status: context.status, snippet: snippetOf(data), field: 'delta', requestId: context.requestId },
    );
  }
  return { type: 'delta', delta: object.delta };
}
