/**
 * The fake GitHub, reachable as the real GitHub host (api.github.com) through an HTTPS proxy
 * that ends TLS with a certificate of its own — what a company's TLS-inspecting proxy does.
 *
 * Why: the workflow self-test runs the action with `uses: ./`, and the runner sets
 * GITHUB_API_URL, GITHUB_EVENT_PATH and GITHUB_REPOSITORY for a JavaScript action after the
 * step's `env:`, so a workflow cannot point them at a fixture. It can set HTTPS_PROXY and
 * NODE_EXTRA_CA_CERTS, which the action honours as any user behind such a proxy needs it to;
 * with them every request to GitHub lands here, on 127.0.0.1, and the action runs unchanged.
 * The certificate is made at start-up by `openssl` and lives one day; nothing is committed.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { promisify } from 'node:util';
import { startConnectProxy } from '../support/connect-proxy';
import type { FakeGitHub } from './fake-github';

export interface InterceptedGitHub {
  /** The proxy to put in HTTPS_PROXY. */
  proxyUrl: string;
  /** The certificate to put in NODE_EXTRA_CA_CERTS (PEM). */
  caFile: string;
  /** `host:port` of every CONNECT, in order: shows that the action asked for the real host. */
  connects: string[];
  close(): Promise<void>;
}

/**
 * `host`: the name the certificate is for (GITHUB_API_URL's host). `dir`: where the certificate
 * and its key are written. `proxyPort`: 0 for a free port.
 */
export async function interceptGitHub(github: FakeGitHub, options: { host: string; dir: string; proxyPort?: number }): Promise<InterceptedGitHub> {
  if (!/^[A-Za-z0-9.-]+$/.test(options.host)) throw new TypeError(`Expected a host name, got '${options.host}'`);
  const keyFile = join(options.dir, 'intercepted-github-key.pem');
  const caFile = join(options.dir, 'intercepted-github-ca.pem');
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
    '-keyout', keyFile, '-out', caFile,
    '-subj', `/CN=${options.host}`, '-addext', `subjectAltName=DNS:${options.host}`,
  ]);
  const githubPort = Number(new URL(github.url).port);
  const sockets = new Set<Socket>();
  const tls = createTlsServer({ key: await readFile(keyFile), cert: await readFile(caFile) }, (client) => {
    const upstream = connect(githubPort, '127.0.0.1');
    client.pipe(upstream);
    upstream.pipe(client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  const proxy = await startConnectProxy((tls.address() as AddressInfo).port, options.proxyPort ?? 0);
  return {
    proxyUrl: proxy.url,
    caFile,
    connects: proxy.connects,
    close: async () => {
      await proxy.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => tls.close(() => resolve()));
    },
  };
}

export interface GitHubComAccess {
  /** GITHUB_API_URL for the run: https://api.github.com. */
  githubApiUrl: string;
  /** What the run's environment needs to reach the fake that way: the proxy and its certificate. */
  env: Record<string, string>;
  /** `host:port` of every CONNECT, in order. */
  connects: string[];
  /** Stops the proxy and removes the certificate. */
  close(): Promise<void>;
}

/**
 * The fake reached as https://api.github.com, for a run that must be treated as a run against
 * GitHub: writes to a GitHub API on loopback are not paced, writes to this one are.
 */
export async function asGitHubCom(github: FakeGitHub): Promise<GitHubComAccess> {
  const dir = await mkdtemp(join(tmpdir(), 'review-gate-github-com-'));
  const intercepted = await interceptGitHub(github, { host: 'api.github.com', dir });
  return {
    githubApiUrl: 'https://api.github.com',
    env: { HTTPS_PROXY: intercepted.proxyUrl, NO_PROXY: '127.0.0.1,localhost', NODE_EXTRA_CA_CERTS: intercepted.caFile },
    connects: intercepted.connects,
    close: async () => {
      await intercepted.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
