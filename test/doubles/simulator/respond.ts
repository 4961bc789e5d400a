/**
 * Writing answers: JSON, errors, SSE. Every answer of the service carries `X-Request-Id`.
 * Rate-limit headers are not documented, so none are sent: `retry_after` is in the body only.
 */
import type { ServerResponse } from 'node:http';
import { errorBody, statusOf, type SimulatedError } from './errors';

function gone(res: ServerResponse): boolean {
  return res.destroyed || res.writableEnded;
}

export function sendText(
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  requestId?: string,
): void {
  if (gone(res)) return;
  const headers: Record<string, string | number> = {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(text),
  };
  if (requestId !== undefined) headers['X-Request-Id'] = requestId;
  res.writeHead(status, headers);
  res.end(text);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, requestId: string): void {
  sendText(res, status, 'application/json; charset=utf-8', JSON.stringify(body), requestId);
}

/** Sends the documented error body; returns the status sent. */
export function sendError(res: ServerResponse, error: SimulatedError, requestId: string): number {
  const status = statusOf(error);
  sendJson(res, status, errorBody(error, requestId), requestId);
  return status;
}

/** One SSE answer: each `data` line as its own event, in order. */
export function sendEvents(res: ServerResponse, data: readonly string[], requestId: string): void {
  if (gone(res)) return;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Request-Id': requestId,
  });
  for (const line of data) res.write(`data: ${line}\n\n`);
  res.end();
}

/**
 * An SSE answer sent line by line, each `data` line once `before(i)` resolves; the connection is
 * left open after the last one when `hold` is set (closed by the simulator's `close()`).
 */
export async function sendEventsPaced(
  res: ServerResponse,
  data: readonly string[],
  requestId: string,
  options: { before?: (index: number) => Promise<void>; hold?: boolean },
): Promise<void> {
  if (gone(res)) return;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Request-Id': requestId,
  });
  res.flushHeaders();
  for (const [index, line] of data.entries()) {
    await options.before?.(index);
    if (gone(res)) return;
    res.write(`data: ${line}\n\n`);
  }
  if (options.hold !== true) res.end();
}
