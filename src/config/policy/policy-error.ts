/**
 * A policy file that cannot be applied, and how messages name the file. Apart from the parser, so
 * that what reports the error does not load the YAML parser: a run without a policy file never does.
 */
import { StopError } from '../../domain/errors';
import { shortSha } from '../../domain/object-name';

export class PolicyError extends StopError {
  override readonly name = 'PolicyError' as const;
  constructor(
    readonly where: string,
    readonly problems: string[],
  ) {
    super(
      problems.length === 1
        ? `The policy file ${where} is invalid, so nothing was reviewed: ${problems[0] ?? ''}`
        : `The policy file ${where} is invalid, so nothing was reviewed (${problems.length} problems):\n- ${problems.join('\n- ')}`,
    );
  }
}

/** `.github/review-gate.yml at abc123def456`, for messages. */
export function describePolicyFile(path: string, commit: string): string {
  return `${path} at ${shortSha(commit)}`;
}
