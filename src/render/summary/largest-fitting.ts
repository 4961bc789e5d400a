/**
 * The largest n in [0, count) whose rendering is within `limit`, where the length grows with n
 * (a summary's length grows with how many items each list shows), and that rendering. Each
 * rendering is a whole summary, so as few are made as can be: the next n is interpolated between
 * the largest n known to fit and the smallest known not to (lengths grow about linearly with n;
 * count itself is known not to fit, at `countLength`), and a step that does not halve the bracket
 * is followed by a bisection, so the search never takes more than twice a bisection's steps.
 * n is -1 when none fits.
 */
export function largestFitting<T>(
  count: number,
  countLength: number,
  limit: number,
  render: (n: number) => { length: number; value: T },
): { n: number; value: T | undefined } {
  let low = -1; // The largest n known to fit (-1: none yet, of length 0 by convention).
  let lowLength = 0;
  let value: T | undefined;
  let high = count; // The smallest n known not to fit.
  let highLength = countLength;
  let bisectNext = false;
  while (high - low > 1) {
    const next = bisectNext
      ? Math.floor((low + high) / 2)
      : low + Math.floor(((limit - lowLength) * (high - low)) / Math.max(1, highLength - lowLength));
    const n = Math.min(high - 1, Math.max(low + 1, next));
    const before = high - low;
    const tried = render(n);
    if (tried.length <= limit) {
      low = n;
      lowLength = tried.length;
      value = tried.value;
    } else {
      high = n;
      highLength = tried.length;
    }
    bisectNext = !bisectNext && high - low > before / 2;
  }
  return { n: low, value };
}
