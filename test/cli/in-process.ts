/**
 * Runs the terminal command in this process: `runCli` of src/cli/run.ts, the function the bundle's
 * entry (src/cli/main.ts) hands its process to, given what that process would give it when
 * `runCliBundle` spawns it: the same folder (as the process sees it, symlinks resolved), the same
 * environment and cache folder, the stdin text, stdout and stderr as pipes (no TTY, so colour as
 * in a pipe), and the package folder the bundle sits in. It proves what the bundle does, without
 * the ~0.4 s of starting Node and loading the bundle; what only a process shows (its exit status,
 * a real terminal, signals, pipes closing, the git programs it starts, the bundle itself) stays
 * with `runCliBundle`.
 */
import { realpathSync } from 'node:fs';
import { runCli } from '../../src/cli/run';
import { ROOT } from '../doubles/run-action';
import { cliEnvironment, runCliBundle, useCliFixture, withOwnCache } from './bundled';
import type { CliFixture, CliFixtureOptions, CliOptions, CliRun } from './bundled';

export function runCliInProcess(args: string[], options: CliOptions): Promise<CliRun> {
  // A pseudo-terminal needs a process of its own.
  if (options.command !== undefined) return runCliBundle(args, options);
  return withOwnCache(async (cache) => {
    let out = '';
    let err = '';
    let returned = false;
    // The process would still print what comes after the entry returns; here it would be lost.
    const afterReturn = (stream: string, text: string): Error =>
      new Error(`review-gate wrote to ${stream} after runCli returned, which this test would not see: ${JSON.stringify(text)}`);
    const stdout = (text: string): void => {
      if (returned) throw afterReturn('stdout', text);
      out += text;
      options.onStdout?.(out);
    };
    let code: number;
    try {
      code = await runCli(args, {
        out: (line) => stdout(`${line}\n`),
        err: (line) => {
          if (returned) throw afterReturn('stderr', line);
          err += `${line}\n`;
        },
        write: stdout,
        env: cliEnvironment(options, cache),
        cwd: realpathSync(options.cwd),
        // What Node sets for a pipe: isTTY is left undefined.
        stdoutIsTTY: undefined,
        stderrIsTTY: undefined,
        readStdin: () => Promise.resolve(options.stdin ?? ''),
        packageRoot: ROOT,
      });
    } catch (error) {
      // The bundle would crash with a stack trace and exit 1; no test may take that for a verdict.
      throw new Error(`review-gate ${args.join(' ')} threw out of runCli (the bundle would crash): ${String(error)}\nstderr so far:\n${err}`, { cause: error });
    } finally {
      returned = true;
    }
    return { code, out, err };
  });
}

/** `useBundledCli`, with the command run in this process. */
export function useCli(options: CliFixtureOptions = {}): CliFixture {
  return useCliFixture(runCliInProcess, options);
}
