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

export async function startConnectProxy(targetPort: number): Promise<ConnectProxy> {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
