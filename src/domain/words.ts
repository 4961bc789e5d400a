/** Words for messages, written once: every count the log, the summary and the gate show. */

/** `1 file`, `2 files`, `1,204 findings`; `many` defaults to `one` plus s. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
