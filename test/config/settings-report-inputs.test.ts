/** The inputs sarif-file and walkthrough: defaults, and bad values quoted. */
import { expect, it } from 'vitest';
import { SettingsError, readSettings } from '../../src/config/settings';

const read = (inputs: Record<string, string>) => () =>
  readSettings((name) => ({ 'api-key': 'svc_live_abc', 'api-url': 'https://api.example.com', ...inputs })[name] ?? '');

it('writes no SARIF and no walkthrough by default', () => {
  expect(read({})()).toMatchObject({ sarifFile: '', walkthrough: false });
});

it('takes a SARIF path and walkthrough: true', () => {
  expect(read({ 'sarif-file': ' reports/review.sarif ', walkthrough: 'true' })()).toMatchObject({ sarifFile: 'reports/review.sarif', walkthrough: true });
});

it('refuses a folder as sarif-file and a walkthrough that is not true or false, quoting them', () => {
  const error = (() => {
    try {
      read({ 'sarif-file': 'reports/', walkthrough: 'sometimes' })();
    } catch (e) {
      return e;
    }
    return undefined;
  })();
  expect(error).toBeInstanceOf(SettingsError);
  expect((error as SettingsError).problems).toEqual([
    "Invalid sarif-file 'reports/'. Expected a file path such as results.sarif.",
    "Invalid walkthrough 'sometimes'. Expected true or false.",
  ]);
});
