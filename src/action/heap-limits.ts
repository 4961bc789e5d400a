/**
 * Keeps the action's V8 heap close to what it holds (issue 24 item 9: peak RSS at most 160 MB for
 * 3,000 files and 100,000 changed lines through the API, `bench/collect.bench.ts --memory 3`).
 *
 * What the run keeps alive is small: about 35 MB of heap after the last review answer (heap
 * snapshots). Left to its defaults, V8 held three to four times that at the peak: the young
 * generation grew to its largest (two semi-spaces of 16 MB, all of it resident), and between two
 * major collections the old generation was let grow to about three times its live data, with the
 * objects each collection of the young generation promoted (requests in flight, files waiting for
 * their review) dying there. That is 100-110 MB of old space at the peak for 35-45 MB live.
 *
 * The usual cures are command-line flags (`--max-semi-space-size`, `--max-old-space-size`), which
 * an action cannot pass: `runs.using: node24` runs `node dist/index.js` with no flags and no
 * environment of ours, and those two are read once, when V8 sets its heap up (set later, they
 * change nothing: measured). These two are read at each collection, so setting them at start
 * takes effect:
 *
 * - `--semi-space-growth-factor=1`: the young generation keeps the size it has when the action
 *   starts (2 MB semi-spaces, once the bundle is loaded) instead of doubling up to 16 MB. Young
 *   collections come more often and each is shorter.
 * - `--heap-growing-percent=30`: after a major collection, the old generation may grow by 30% of
 *   what survived before the next one starts, instead of V8's dynamic factor (up to 4×).
 *
 * Measured on the memory bench (Node 20, a shared 2-core machine): peak RSS 157-158 MB with both,
 * 201-232 MB with neither; set before the bundle loads (a lab's preload), 145-154 MB with both,
 * 174-182 MB with a 100% growth, 199-201 MB with only the young generation kept and 190-205 MB
 * with only `--heap-growing-percent=50`. The CPU time of the run is about 12% higher (more,
 * shorter collections). Node allows flags to be set after start
 * (`v8.setFlagsFromString`), and test/action/heap-limits.test.ts fails if a Node release stops
 * honouring these two.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_FLAGS: readonly string[] = ['--semi-space-growth-factor=1', '--heap-growing-percent=30'];

/** Sets `HEAP_FLAGS` for this process: call it first, before the run allocates. */
export function keepHeapSmall(): void {
  for (const flag of HEAP_FLAGS) setFlagsFromString(flag);
}
