/**
 * A review service on 127.0.0.1 whose every answer is a function of the request: a service that
 * numbers lines its own way, or another JSON API that an api-url points at by mistake. The
 * simulator stays the reference service; this stands in for the ones it is not.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedService {
  url: string;
  /** The bodies of the requests taken so far, parsed. */
  readonly bodies: unknown[];
  close(): Promise<void>;
}

/** Answers every request 200 with the JSON `answer` returns for its parsed body. */
export async function startScriptedService(answer: (body: { code?: unknown; language?: unknown }) => unknown): Promise<ScriptedService> {
  const bodies: unknown[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: { code?: unknown; language?: unknown } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        // Not JSON: answered all the same, as a catch-all would.
      }
      bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A valid review answer holding these issues. */
export function reviewAnswer(issues: Array<{ severity: string; line: number; message: string }>): unknown {
  return {
    model: 'scripted-1',
    summary: 'Reviewed.',
    issues: issues.map((issue) => ({ ...issue, suggestion: '' })),
    suggestions: [],
    security_flags: [],
    quality_score: 90,
    usage: { total_tokens: 10 },
    latency_ms: 1,
  };
}
