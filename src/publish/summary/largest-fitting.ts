/**
 * The largest n in [0, count) for which `fits(n)` holds, where `fits` holds up to some n and not
 * beyond (a summary's length grows with how many items each list shows). The search starts at
 * `guess`, doubles its step until the answer is bracketed, then bisects: every n it tries is near
 * the answer when the guess is, where plain bisection would first try count / 2. -1 when none fits.
 */
export function largestFitting(count: number, fits: (n: number) => boolean, guess: number): number {
  if (count <= 0) return -1;
  const start = Math.min(count - 1, Math.max(0, Math.floor(guess)));
  let low = -1; // The largest n known to fit.
  let high = count; // The smallest n known not to fit.
  let step = Math.max(1, Math.ceil(start / 8));
  if (fits(start)) {
    low = start;
    for (let n = start + step; n < high; n = low + step) {
      if (fits(n)) low = n;
      else high = n;
      step *= 2;
    }
  } else {
    high = start;
    for (let n = Math.max(0, start - step); low < 0 && high > 0; n = Math.max(0, high - step)) {
      if (fits(n)) low = n;
      else high = n;
      step *= 2;
    }
  }
  for (let lo = low + 1, hi = high - 1; low >= 0 && lo <= hi; ) {
    const n = Math.floor((lo + hi) / 2);
    if (fits(n)) {
      low = n;
      lo = n + 1;
    } else {
      hi = n - 1;
    }
  }
  return low;
}
