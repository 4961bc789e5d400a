/**
 * The comment lexers (locate/comments/) read linearly: a file 10,000 times one line takes about
 * 10 times as long as 1,000 times it (quadratic reading would take about 100 times), and a line
 * made to fork at every step is read in well under a second. Timed here, never in a test (a
 * shared machine makes times noisy); the tests check what the lexers find on the same input.
 * Run: npx tsx bench/lexers.bench.ts (npm run bench runs it too).
 */
import { findComments } from '../src/locate/comments';
import { FORKING_LINE, LARGE_INPUT_LINES } from '../test/support/lexer-lines';
import { heading, median, ratio, row } from './support/figures';

const ROUNDS = 5;

/** The median time, in ms, of reading `text` as `language`. */
function timeOf(text: string, language: Parameters<typeof findComments>[1]): number {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    findComments(text, language, 'a.tsx');
    times.push(performance.now() - started);
  }
  return median(times);
}

heading(`Comment lexers on large input (median of ${ROUNDS}): linear reading, 10,000 copies of a line against 1,000`);
for (const [language, line] of LARGE_INPUT_LINES) {
  timeOf(line.repeat(10_000), language); // warm: the first reads compile the lexer
  const small = Math.max(timeOf(line.repeat(1_000), language), 0.01);
  const large = timeOf(line.repeat(10_000), language);
  row(`${language}: 10,000 copies / 1,000 copies (linear ≈ 10, quadratic ≈ 100)`, `${ratio(large / small)}×`, '< 40×', large / small < 40);
}
const fork = timeOf(FORKING_LINE, 'javascript');
row('javascript: a 160,000-character line made to fork at every step', `${fork.toFixed(0)} ms`, '< 2,000 ms', fork < 2_000);
