import { describe, expect, it } from 'vitest';
import { InvalidResponseError, ServiceError } from '../../src/service/errors';
import { CompletionEventReader, readCompletionEvent } from '../../src/service/sse';
import type { SseEvent } from '../../src/service/sse';

function parseAll(chunks: (string | Uint8Array)[], end = true): SseEvent[] {
  const reader = new CompletionEventReader();
  const events = chunks.flatMap((chunk) => reader.push(chunk));
  return end ? [...events, ...reader.end()] : events;
}

const data = (events: SseEvent[]) => events.map((e) => e.data);

describe('CompletionEventReader', () => {
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

  it('dispatches a last event that has no blank line after it at the end', () => {
    const reader = new CompletionEventReader();
    expect(reader.push('data: {"delta":"a"}\n')).toEqual([]);
    expect(data(reader.end())).toEqual(['{"delta":"a"}']);
  });

  it('ends at the line data: [DONE] without waiting for a blank line, whatever the line break and however it is cut', () => {
    for (const chunks of [['data: [DONE]\n'], ['data: x\n\nda', 'ta:[DONE]\r'], ['data: [DONE]\r\n'], ['data: [DO', 'NE]', '\n']]) {
      const reader = new CompletionEventReader();
      expect(data(chunks.flatMap((chunk) => reader.push(chunk))).at(-1)).toBe('[DONE]');
    }
  });

  it('does not take [DONE] inside a longer line, or a line not yet ended, for the end', () => {
    const reader = new CompletionEventReader();
    expect(reader.push(`data: ${'x'.repeat(80)}data: [DONE]\n`)).toEqual([]);
    expect(reader.push('\ndata: [DONE]')).toEqual([{ data: `${'x'.repeat(80)}data: [DONE]` }].map((e) => ({ ...e, event: undefined, id: undefined })));
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
