/**
 * `npm run simulator -- --port 8790`: runs the simulator until SIGINT or SIGTERM.
 * Exit codes: 0 after a clean stop, 1 when the server cannot start, 2 for a bad flag.
 */
import { CliUsageError, cliKeys, parseCliArgs, USAGE, type CliSettings } from './cli-args';
import { COMPLETE_ONLY_KEY, DEMO_KEY, REVIEW_ONLY_KEY } from './keys';
import { startSimulator } from './server';

async function main(): Promise<number> {
  let settings: CliSettings;
  try {
    settings = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  if (settings.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  const simulator = await startSimulator({
    port: settings.port,
    keys: cliKeys(settings),
    contextLimitTokens: settings.contextLimitTokens,
    gullible: settings.gullible,
  });
  process.stdout.write(
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

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await simulator.close();
  process.stdout.write(`Stopped on ${signal}; served ${simulator.requests.length} requests.\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`Simulator failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
