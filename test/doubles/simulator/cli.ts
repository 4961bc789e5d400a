/**
 * `npm run simulator -- --port 8790`: runs the simulator until SIGINT or SIGTERM.
 * Exit codes: 0 after a clean stop, 1 when the server cannot start, 2 for a bad flag.
 */
import { pathToFileURL } from 'node:url';
import { CliUsageError, cliKeys, parseCliArgs, USAGE, type CliSettings } from './cli-args';
import { COMPLETE_ONLY_KEY, DEMO_KEY, REVIEW_ONLY_KEY } from './keys';
import { startSimulator } from './server';

/** Where the command writes, and the signal that stops it (the process's SIGINT or SIGTERM). */
export interface SimulatorCliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Settles with the signal that asks the running simulator to stop; called once it listens, before it says so. */
  stopSignal: () => Promise<NodeJS.Signals>;
}

/** The command: its exit code. */
export async function main(args: string[], io: SimulatorCliIo): Promise<number> {
  let settings: CliSettings;
  try {
    settings = parseCliArgs(args);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    io.stderr(`${error.message}\n`);
    return 2;
  }
  if (settings.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }

  const simulator = await startSimulator({
    port: settings.port,
    keys: cliKeys(settings),
    contextLimitTokens: settings.contextLimitTokens,
    gullible: settings.gullible,
  });
  // Listening for the signals before saying it listens: a Ctrl+C that answers the banner stops it cleanly.
  const stopped = io.stopSignal();
  io.stdout(
    [
      `Code Assistance API simulator listening on ${simulator.url}`,
      `Base URL: ${simulator.url}  (operations under /v1)`,
      `Demo key: ${DEMO_KEY}`,
      `Review-only key: ${REVIEW_ONLY_KEY}`,
      `Complete-only key: ${COMPLETE_ONLY_KEY}`,
      `Limits per key: ${settings.rpm} requests/minute, ${settings.dailyLimit} requests/day`,
      ...(settings.gullible ? ['Gullible: text in the code that speaks to the reviewer is obeyed (no issues, score 100)'] : []),
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );

  const signal = await stopped;
  await simulator.close();
  io.stdout(`Stopped on ${signal}; served ${simulator.requests.length} requests.\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const io: SimulatorCliIo = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stopSignal: () =>
      new Promise((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      }),
  };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`Simulator failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
