/**
 * One GitHub GET as every module of the action sends it: through review-gate's client (Octokit
 * with @octokit/plugin-retry and @octokit/plugin-throttling, over undici), against a server on
 * loopback, beside undici's fetch alone (the floor), the two in turn so the machine's drift hits
 * both alike. Two figures: the time a GET takes over the floor (load-dependent: the machine may be
 * shared), and the zero-delay timers one GET sets (a timer costs at least a millisecond, whatever
 * the load: this one does not depend on the machine). Printed, never asserted.
 * Run: npx tsx bench/github-request.bench.ts (npm run bench runs it too).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch as undiciFetch } from 'undici';
import { createGitHubClient } from '../src/github/octokit';
import { heading, median, row } from './support/figures';

const ROUNDS = 300;

const server = createServer((_request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end('{"full_name":"acme/widgets"}');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const octokit = createGitHubClient({ token: 'bench-token', baseUrl });
const throughClient = async (): Promise<void> => {
  await octokit.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'widgets' });
};
const floor = async (): Promise<void> => {
  await (await undiciFetch(`${baseUrl}/repos/acme/widgets`)).arrayBuffer();
};

/** How many timers of no delay `job` set: each is a wait of a millisecond at least. */
async function zeroDelayTimers(job: () => Promise<void>): Promise<number> {
  const real = globalThis.setTimeout;
  let count = 0;
  globalThis.setTimeout = ((callback: () => void, ms?: number) => {
    if (ms === undefined || ms <= 0) count += 1;
    return real(callback, ms);
  }) as typeof setTimeout;
  try {
    await job();
  } finally {
    globalThis.setTimeout = real;
  }
  return count;
}

const timed = async (job: () => Promise<void>): Promise<number> => {
  const started = performance.now();
  await job();
  return performance.now() - started;
};

// Warm both paths (the plugins build their limiters on the first request).
for (let i = 0; i < 20; i++) {
  await throughClient();
  await floor();
}
const ours: number[] = [];
const bare: number[] = [];
const over: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const a = await timed(throughClient);
  const b = await timed(floor);
  ours.push(a);
  bare.push(b);
  over.push(a - b);
}
const timers = await zeroDelayTimers(throughClient);
server.close();

const ms = (value: number): string => `${value.toFixed(2)} ms`;
heading(`One GitHub GET on loopback through the client (retry and throttling plugins), median of ${ROUNDS}, in turn with undici's fetch alone`);
row('a GET through the client', ms(median(ours)), '', undefined);
row("  undici's fetch alone (the floor)", ms(median(bare)), '', undefined);
row('  the client over the floor, GET by GET (median)', ms(median(over)), '≤ 5 ms', median(over) <= 5);
row('  zero-delay timers one GET sets (≥ 1 ms each, whatever the load)', String(timers), '≤ 4', timers <= 4);
