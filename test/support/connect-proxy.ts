/**
 * A forward proxy on 127.0.0.1 that tunnels every CONNECT to one local port, whatever host the
 * client asked for. It lets a test give the action a remote-looking api-url
 * (`http://review.internal.example`) through HTTP_PROXY while every byte stays on loopback.
 */
import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface ConnectProxy {
  url: string;
  /** The `host:port` of every CONNECT, in order. */
  connects: string[];
  close(): Promise<void>;
}

/** `port`: where the proxy listens (default 0, a free port; the workflow self-test fixes one). */
export async function startConnectProxy(targetPort: number, port = 0): Promise<ConnectProxy> {
  const connects: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client: Socket) => {
    connects.push(req.url ?? '');
    const upstream = connect(targetPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    connects,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
