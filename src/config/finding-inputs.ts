/**
 * The settings that decide how the service's findings are treated beyond the gate's thresholds:
 * `security-flags` (whether the answer's flags count) and `comment-severity` (which are posted
 * inline). Each is parsed by one function, so the action's input and a policy file's key read the
 * same way, with the same message quoting a bad value (`name` says where it was set).
 */
import { SECURITY_FLAGS_MODES, SEVERITIES } from '../domain/vocabulary';
import type { SecurityFlagsMode, Severity } from '../domain/vocabulary';

export type Parsed<T> = { value: T } | { problem: string };

/** `gate` (the default, also for '') counts security flags like findings of their severity; `report` only shows them. */
export function parseSecurityFlags(raw: string, name = 'security-flags'): Parsed<SecurityFlagsMode> {
  const value = raw.trim().toLowerCase();
  if (value === '') return { value: 'gate' };
  if ((SECURITY_FLAGS_MODES as readonly string[]).includes(value)) return { value: value as SecurityFlagsMode };
  return { problem: `Invalid ${name} '${raw.trim()}'. Expected one of: ${SECURITY_FLAGS_MODES.join(', ')}.` };
}

/**
 * The lowest severity posted as an inline comment: `info` (the default, also for '') posts every
 * finding on an added line; below it, findings are listed in the summary comment only.
 */
export function parseCommentSeverity(raw: string, name = 'comment-severity'): Parsed<Severity> {
  const value = raw.trim().toLowerCase();
  if (value === '') return { value: 'info' };
  if ((SEVERITIES as readonly string[]).includes(value)) return { value: value as Severity };
  return { problem: `Invalid ${name} '${raw.trim()}'. Expected one of: ${SEVERITIES.join(', ')}.` };
}
