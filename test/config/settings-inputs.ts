/**
 * How the settings tests hand inputs to readSettings: a map of the inputs set, '' for any other
 * name, as the runner gives them. `settingsProblems` returns what readSettings refuses, so a test
 * asserts each message rather than only that it threw.
 */
import { SettingsError, readSettings } from '../../src/config/settings';
import type { InputReader } from '../../src/config/settings-types';

/** The two required inputs, with values every check accepts. */
export const REQUIRED_INPUTS = { 'api-key': 'svc_live_abc', 'api-url': 'https://api.example.com' } as const;

export function inputReader(inputs: Record<string, string>): InputReader {
  return (name) => inputs[name] ?? '';
}

/** The problems readSettings reports for `inputs` over `base`; [] when it accepts them. */
export function settingsProblems(inputs: Record<string, string>, base: Record<string, string> = REQUIRED_INPUTS): string[] {
  try {
    readSettings(inputReader({ ...base, ...inputs }));
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  return [];
}
