/** A port on 127.0.0.1 with nothing listening: whatever is sent there is refused. */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
