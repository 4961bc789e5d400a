/**
 * The flags the tests start a bundle's Node with: `node <flags> dist/index.js`.
 *
 * `--liftoff-only`: undici parses HTTP with llhttp, compiled to WebAssembly, and Node 20's V8
 * optimizes it with TurboFan in a background thread as soon as a run reads a few answers: about
 * 0.25 s of CPU in every process (`perf` on the suite: 15% of its CPU, ~150 bundle runs), which
 * on two cores is time taken from the other tests. V8's baseline compiler alone runs the same
 * parser; nothing the bundle does or prints changes. Node 24 (the runner's) does not spend it:
 * measured 0.30-0.33 s of CPU either way for 200 requests, Node 20 0.42 s against 0.18 s.
 */
export const BUNDLE_NODE_FLAGS: readonly string[] = ['--liftoff-only'];
