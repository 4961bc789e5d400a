/** The `check-name` input: GitHub shows it on one line and matches required checks by it exactly. */
export const MAX_CHECK_NAME_LENGTH = 100;

export function checkNameProblem(name: string): string | undefined {
  const oneLine = [...name].every((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f);
  if (name.length <= MAX_CHECK_NAME_LENGTH && oneLine) return undefined;
  return `Invalid check-name '${name.slice(0, MAX_CHECK_NAME_LENGTH)}'. Expected one line of at most ${MAX_CHECK_NAME_LENGTH} characters, such as review-gate.`;
}
