/**
 * The workflow commands the Actions runner would find in a process's stdout, read the way it
 * reads them (actions/runner, ActionCommand.TryParseV2 and TryParse): lines split at `\r`, `\n`
 * and `\r\n`; `::name props::data` once `TrimStart()` removed the leading Unicode White_Space;
 * `##[name props]data` anywhere in a line. The runner compares with culture-sensitive
 * `StartsWith`/`IndexOf`, which under ICU skip ignorable characters, so this reader drops
 * controls, format and default-ignorable characters first: stricter than the runner, never laxer.
 */
export interface RunnerCommand {
  /** `::` (the current form) or `##[` (the legacy form). */
  form: '::' | '##[';
  name: string;
  /** What follows the name: properties, then the data. */
  rest: string;
}

const IGNORABLE = /(?![\r\n])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

export function runnerCommands(stdout: string): RunnerCommand[] {
  const commands: RunnerCommand[] = [];
  for (const raw of stdout.split(/\r\n|\r|\n/)) {
    const line = raw.replace(IGNORABLE, '');
    const trimmed = line.replace(/^\p{White_Space}+/u, '');
    const v2 = /^::([^\s:]*)([\s\S]*::[\s\S]*)$/u.exec(trimmed);
    if (v2 !== null) {
      commands.push({ form: '::', name: v2[1] ?? '', rest: v2[2] ?? '' });
      continue;
    }
    const legacy = /##\[([^\s\]]*)([^\]]*\][\s\S]*)$/u.exec(line);
    if (legacy !== null) commands.push({ form: '##[', name: legacy[1] ?? '', rest: legacy[2] ?? '' });
  }
  return commands;
}

/** The commands review-gate writes itself through @actions/core. */
export const OWN_COMMANDS: readonly string[] = ['add-mask', 'error', 'warning', 'notice', 'debug', 'group', 'endgroup'];

/** Commands someone else put into the output: unknown names, or the action's names in the legacy form. */
export function forgedCommands(stdout: string): RunnerCommand[] {
  return runnerCommands(stdout).filter((c) => c.form === '##[' || !OWN_COMMANDS.includes(c.name));
}
