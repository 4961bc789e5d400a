import { createServer } from 'node:http';
import type { Socket } from 'node:net';

export interface HungServer {
  url: string;
  /** Requests taken so far. */
  received(): number;
  /** `METHOD /path` of each request taken, in order, without the query. */
  paths(): string[];
  close(): Promise<void>;
}

/** A server on 127.0.0.1 that takes every request and never answers it; `taken` is told of each. */
export async function startHungServer(taken: () => void = () => undefined): Promise<HungServer> {
  const paths: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request) => {
    paths.push(`${request.method ?? ''} ${(request.url ?? '').split('?')[0] ?? ''}`);
    taken();
  });
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => paths.length,
    paths: () => [...paths],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
