import { describe, expect, it } from 'vitest';
import { InvalidResponseError, ServiceError } from '../../../src/review/service/errors';
import { SseParser } from '../../../src/review/service/sse';
import { readCompletionEvent } from '../../../src/review/service/sse';
import type { SseEvent } from '../../../src/review/service/sse';

function parseAll(chunks: (string | Uint8Array)[], end = true): SseEvent[] {
  const parser = new SseParser();
  const events = chunks.flatMap((chunk) => parser.push(chunk));
  return end ? [...events, ...parser.end()] : events;
}

const data = (events: SseEvent[]) => events.map((e) => e.data);

describe('SseParser', () => {
  it('joins a data line split across chunks', () => {
    expect(data(parseAll(['da', 'ta: {"delta":"he', 'llo"}\n', '\n']))).toEqual(['{"delta":"hello"}']);
  });

  it('yields several events from one chunk', () => {
    expect(data(parseAll(['data: a\n\ndata: b\n\ndata: c\n\n']))).toEqual(['a', 'b', 'c']);
  });

  it('accepts CRLF and lone CR line ends, even with CR and LF in different chunks', () => {
    expect(data(parseAll(['data: a\r\n\r\ndata: b\r\rdata: c\r', '\n\r', '\n']))).toEqual(['a', 'b', 'c']);
  });

  it('skips comment lines and blank keep-alive lines', () => {
    expect(data(parseAll([': keep-alive\n\n', '\n\n', 'data: x\n', ': ping\n', '\n']))).toEqual(['x']);
  });

  it('joins multi-line data fields with a newline', () => {
    expect(data(parseAll(['data: line one\ndata: line two\ndata\n\n']))).toEqual(['line one\nline two\n']);
  });

  it('decodes a UTF-8 character split across chunks', () => {
    const bytes = new TextEncoder().encode('data: {"delta":"héllo ✓"}\n\n');
    const cut = bytes.indexOf(0xe2) + 1; // inside the three bytes of ✓
    const e = bytes.indexOf(0xc3) + 1; // inside the two bytes of é
    expect(data(parseAll([bytes.slice(0, e), bytes.slice(e, cut), bytes.slice(cut)]))).toEqual(['{"delta":"héllo ✓"}']);
  });

  it('keeps the event name and id, and removes only one space after the colon', () => {
    expect(parseAll(['event: error\nid: 7\ndata:  two spaces\n\n'])).toEqual([{ event: 'error', id: '7', data: ' two spaces' }]);
  });

  it('dispatches a last event that has no blank line after it only at the end', () => {
    const parser = new SseParser();
    expect(parser.push('data: [DONE]\n')).toEqual([]);
    expect(parser.pendingData).toBe('[DONE]');
    expect(data(parser.end())).toEqual(['[DONE]']);
  });
});

describe('readCompletionEvent', () => {
  const ctx = { status: 200, requestId: 'svc_req_s' };
  const event = (d: string): SseEvent => ({ event: 'message', data: d });

  it('reads a delta and the [DONE] marker', () => {
    expect(readCompletionEvent(event('{"delta":"x"}'), ctx)).toEqual({ type: 'delta', delta: 'x' });
    expect(readCompletionEvent(event('[DONE]'), ctx)).toEqual({ type: 'done' });
  });

  it('rejects data that is not JSON or has no string delta', () => {
    expect(() => readCompletionEvent(event('<html>'), ctx)).toThrow(InvalidResponseError);
    expect(() => readCompletionEvent(event('{"delta":5}'), ctx)).toThrow(/delta must be a string, got 5/);
  });

  it('turns an error object inside the stream into a ServiceError', () => {
    let caught: unknown;
    try {
      readCompletionEvent(event('{"error":{"code":"overloaded","message":"busy","retry_after":3}}'), ctx);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ServiceError);
    expect(caught).toMatchObject({ code: 'overloaded', status: 200, requestId: 'svc_req_s', retryAfter: 3 });
  });
});
