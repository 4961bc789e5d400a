/**
 * A value as a message quotes it: its JSON (a string in quotes, so an empty or blank one shows),
 * cut to `limit` characters with an ellipsis, and a word for what JSON cannot hold (`nothing` for
 * undefined). Every stage that names a value it refuses — a service answer, a GitHub entry, an
 * event payload, the policy file — quotes it this one way.
 */
export function quoteValue(value: unknown, limit = 60): string {
  let text: string;
  if (value === undefined) text = 'nothing';
  else if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? typeof value;
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
