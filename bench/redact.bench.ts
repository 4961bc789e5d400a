/**
 * Redaction runs on every text the action writes. Prints figures (never asserted: the machines
 * are noisy). Run: npx tsx bench/redact.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { createRedactor } from '../src/safety/redact';

const secrets = ['svc_live_p+ss/w0rd"x\\y0123456789abcdef', 'ghs_0123456789abcdefghijABCDEFGHIJ0123'];
const line = '## src/app.py:12 error `eval()` on input &amp; %20 \\n "quoted" https://example.com/?b=c&d=e YWJjZGVmZ2hpams= 3f786850e387550f\n';
const page = line.repeat(Math.ceil(1024 * 1024 / line.length));
const finding = 'eval() on line 2 runs whatever the environment holds.';

function measure(label: string, run: () => void, repeat: number): void {
  run();
  const start = performance.now();
  for (let i = 0; i < repeat; i++) run();
  console.log(`${label.padEnd(44)} ${((performance.now() - start) / repeat).toFixed(4).padStart(10)} ms`);
}

// First, before any pattern is compiled in this process: what every run pays at its start.
const coldStart = performance.now();
createRedactor(secrets).text('Reviewing acme/shop#42 at 4f1c2a9e8d7b');
console.log(`${'createRedactor + first text(), cold'.padEnd(44)} ${(performance.now() - coldStart).toFixed(4).padStart(10)} ms   target ≤ 10 ms`);

const redactor = createRedactor(secrets);
measure('createRedactor (two secrets), first use', () => createRedactor(secrets).text('x'), 20);
measure('text(): 1 MiB of markdown without secrets', () => redactor.text(page), 10);
measure('text(): one finding message', () => redactor.text(finding), 100_000);

// A secret with a run of backslashes against a long run of them that does not match: every way of
// splitting the run among the secret's units is tried unless the run is one unit (it is).
const backslashed = createRedactor([`ab${'\\'.repeat(10)}cd12345`]);
const trap = `ab${'\\'.repeat(40)}cdX`;
measure('text(): 40 backslashes vs a secret with 10', () => backslashed.text(trap), 100);
console.log('  target: well under 1 ms each (one unit per run of backslashes; about 20 s with a unit per backslash)');
