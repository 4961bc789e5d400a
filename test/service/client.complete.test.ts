import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidResponseError, NetworkError, ServiceError, TimeoutError } from '../../src/service/errors';
import { COMPLETION_OK, clientOn, errorBody, localServer, rejectionOf, useMockService } from './helpers';
import { handTimers } from '../support/hand-timers';

const PATH = '/v1/complete';
const direct = new Agent({ keepAliveTimeout: 10 });
afterAll(() => direct.close());

const mock = useMockService();

describe('complete', () => {
  it('sends stream false and returns the validated completion with its request id', async () => {
    mock.answer(PATH, 200, COMPLETION_OK, { 'x-request-id': 'svc_req_c' });
    const { client } = clientOn(mock.agent);
    const result = await client.complete({ prompt: 'def add(a, b):', max_tokens: 64 });
    expect(result).toEqual({ ...COMPLETION_OK, requestId: 'svc_req_c' });
    expect(mock.requests[0]!.body).toEqual({ prompt: 'def add(a, b):', max_tokens: 64, stream: false });
  });

  it('hands context_too_long to the caller without retrying', async () => {
    mock.answer(PATH, 400, errorBody('context_too_long', { request_id: 'svc_req_long' }));
    const { client, sleeps } = clientOn(mock.agent);
    const error = await rejectionOf(client.complete({ prompt: 'x' }));
    expect(error).toMatchObject({ name: 'ServiceError', code: 'context_too_long', status: 400, requestId: 'svc_req_long' });
    expect(error instanceof Error && error.message).toBe('Completion service answered 400 context_too_long: Something about context_too_long (request svc_req_long)');
    expect(sleeps).toEqual([]);
  });

  it('refuses max_tokens 9000 without a request reaching the service', async () => {
    const { client } = clientOn(mock.agent);
    const error = await rejectionOf(client.complete({ prompt: 'x', max_tokens: 9000 }));
    expect(error).toMatchObject({ name: 'RequestValidationError', message: 'Invalid request: max_tokens must be an integer from 1 to 8000, got 9000' });
    expect(mock.requests).toHaveLength(0);
  });
});

/** A local service whose stream handler writes the chunks a test chooses. */
async function streamServer(write: (res: ServerResponse, req: IncomingMessage) => void) {
  const bodies: unknown[] = [];
  const server = await localServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      bodies.push(JSON.parse(raw));
      write(res, req);
    });
  });
  const { client, sleeps } = clientOn(direct, { baseUrl: server.url });
  return { server, client, sleeps, bodies };
}

function sse(res: ServerResponse, headers: Record<string, string> = {}) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'svc_req_stream', ...headers });
}

/** Writes the chunks one by one, each in its own write after the previous one flushed. */
function writeAll(res: ServerResponse, chunks: (string | Buffer)[], then: 'end' | 'destroy' | 'hold' = 'end') {
  const next = (i: number) => {
    if (i === chunks.length) {
      if (then === 'end') res.end();
      else if (then === 'destroy') res.socket?.destroy();
      return;
    }
    res.write(chunks[i], () => setImmediate(() => next(i + 1)));
  };
  next(0);
}

describe('completeStream', () => {
  it('yields deltas split across writes, merged in one write, with CRLF and keep-alives, and ends at [DONE]', async () => {
    const euro = Buffer.from('data: {"delta":"€"}\n\n');
    const { server, client, bodies } = await streamServer((res, req) => {
      expect(req.headers.accept).toContain('text/event-stream');
      sse(res);
      writeAll(res, [
        ': keep-alive\n\n',
        'da',
        'ta: {"delta":"def "}',
        '\n\ndata: {"delta":"add"}\n\ndata: {"delta":"(a, b)"}\n\n',
        '\n',
        'data: {"delta":":\\n"}\r\n\r\n',
        euro.subarray(0, 17),
        euro.subarray(17),
        ': ping\r\n',
        'data: [DONE]\n\n',
      ]);
    });
    try {
      const stream = client.completeStream({ prompt: 'def add', temperature: 0.2 });
      const deltas: string[] = [];
      for await (const delta of stream) deltas.push(delta);
      expect(deltas).toEqual(['def ', 'add', '(a, b)', ':\n', '€']);
      expect(stream.completed).toBe(true);
      expect(stream.requestId).toBe('svc_req_stream');
      expect(bodies).toEqual([{ prompt: 'def add', temperature: 0.2, stream: true }]);
    } finally {
      await server.close();
    }
  });

  it('joins the deltas with text() and ignores anything after [DONE], even without a blank line', async () => {
    const { server, client } = await streamServer((res) => {
      sse(res);
      writeAll(res, ['data: {"delta":"a"}\n\ndata: {"delta":"b"}\n\ndata: [DONE]\n'], 'hold');
    });
    try {
      const stream = client.completeStream({ prompt: 'x' });
      expect(await stream.text()).toBe('ab');
      expect(stream.completed).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('throws an InvalidResponseError when the answer ends before [DONE]', async () => {
    const { server, client } = await streamServer((res) => {
      sse(res);
      writeAll(res, ['data: {"delta":"partial"}\n\n']);
    });
    try {
      const stream = client.completeStream({ prompt: 'x' });
      const seen: string[] = [];
      const error = await rejectionOf(
        (async () => {
          for await (const delta of stream) seen.push(delta);
        })(),
      );
      expect(seen).toEqual(['partial']);
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect((error as Error).message).toBe(
        'Completion service ended the completion stream before data: [DONE], after 1 deltas; the text is incomplete',
      );
      expect(stream.completed).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('throws a NetworkError when the connection breaks before [DONE]', async () => {
    const { server, client } = await streamServer((res) => {
      sse(res);
      writeAll(res, ['data: {"delta":"partial"}\n\n'], 'destroy');
    });
    try {
      const error = await rejectionOf(client.completeStream({ prompt: 'x' }).text());
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as Error).message).toContain('during the completion stream, after 1 deltas, before data: [DONE]');
    } finally {
      await server.close();
    }
  });

  it('turns an error object inside the stream into a ServiceError', async () => {
    const { server, client } = await streamServer((res) => {
      sse(res);
      writeAll(res, ['data: {"delta":"a"}\n\n', 'event: error\ndata: {"error":{"code":"inference_error","message":"GPU fell over"}}\n\n']);
    });
    try {
      const error = await rejectionOf(client.completeStream({ prompt: 'x' }).text());
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code: 'inference_error', status: 200, requestId: 'svc_req_stream' });
    } finally {
      await server.close();
    }
  });

  it('takes a JSON error object sent instead of a stream as the service error', async () => {
    const { server, client } = await streamServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(errorBody('insufficient_scope', { request_id: 'svc_req_j' })));
    });
    try {
      const error = await rejectionOf(client.completeStream({ prompt: 'x' }).text());
      expect(error).toMatchObject({ name: 'ServiceError', code: 'insufficient_scope', requestId: 'svc_req_j' });
    } finally {
      await server.close();
    }
  });

  it('throws an InvalidResponseError for an event whose data is not JSON', async () => {
    const { server, client } = await streamServer((res) => {
      sse(res);
      writeAll(res, ['data: hello\n\n']);
    });
    try {
      expect(await rejectionOf(client.completeStream({ prompt: 'x' }).text())).toMatchObject({ name: 'InvalidResponseError', snippet: 'hello' });
    } finally {
      await server.close();
    }
  });

  it('retries opening the stream after a 429 with retry_after, then streams', async () => {
    let calls = 0;
    const { server, client, sleeps } = await streamServer((res) => {
      calls += 1;
      if (calls === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'x-request-id': 'svc_req_429' });
        res.end(JSON.stringify(errorBody('rate_limit_exceeded', { retry_after: 2 })));
        return;
      }
      sse(res);
      writeAll(res, ['data: {"delta":"ok"}\n\ndata: [DONE]\n\n']);
    });
    try {
      expect(await client.completeStream({ prompt: 'x' }).text()).toBe('ok');
      expect(sleeps).toEqual([2000]);
      expect(server.hits).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('reports a stream that goes quiet for longer than timeoutMs as a TimeoutError', async () => {
    const server = await localServer((_req, res) => {
      sse(res);
      res.write('data: {"delta":"a"}\n\n');
    });
    try {
      const timers = handTimers();
      const { client } = clientOn(direct, { baseUrl: server.url, timeoutMs: 5000, startTimer: timers.start });
      const deltas = client.completeStream({ prompt: 'x' })[Symbol.asyncIterator]();
      expect(await deltas.next()).toEqual({ done: false, value: 'a' });
      // The service says nothing more: the one timer running is the quiet spell's (the attempt's
      // deadline stopped with the headers), and it runs out.
      const quiet = deltas.next();
      expect(timers.running()).toEqual([5000]);
      timers.fireAll();
      const error = await rejectionOf(quiet);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error instanceof Error && error.message).toBe(
        'Completion service did not answer within 5000 ms (during the completion stream, after 1 deltas, before data: [DONE])',
      );
      expect(server.hits).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('does not count the time the caller holds a delta as the service being quiet', async () => {
    const server = await localServer((_req, res) => {
      sse(res);
      writeAll(res, ['data: {"delta":"a"}\n\n', 'data: {"delta":"b"}\n\ndata: [DONE]\n\n']);
    });
    try {
      const timers = handTimers();
      const { client } = clientOn(direct, { baseUrl: server.url, timeoutMs: 5000, startTimer: timers.start });
      const deltas = client.completeStream({ prompt: 'x' })[Symbol.asyncIterator]();
      expect(await deltas.next()).toEqual({ done: false, value: 'a' });
      expect(timers.running()).toEqual([]);
      expect((await deltas.next()).value).toBe('b');
      expect(await deltas.next()).toEqual({ done: true, value: undefined });
      expect(timers.running()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('refuses a bad request when the stream is created, before anything is sent', () => {
    const { client } = clientOn(mock.agent);
    expect(() => client.completeStream({ prompt: 'x', stop: ['1', '2', '3', '4', '5'] })).toThrow('stop must be an array of at most 4 non-empty strings');
    expect(mock.requests).toHaveLength(0);
  });

  it('can be read only once', async () => {
    const { server, client } = await streamServer((res) => {
      sse(res);
      writeAll(res, ['data: [DONE]\n\n']);
    });
    try {
      const stream = client.completeStream({ prompt: 'x' });
      expect(await stream.text()).toBe('');
      await expect(stream.text()).rejects.toThrow('read only once');
    } finally {
      await server.close();
    }
  });
});

