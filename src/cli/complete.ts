/**
 * `review-gate complete [--stream] [--system TEXT] [--max-tokens N] [--language L] PROMPT|-`:
 * one completion, printed. With `--stream` each delta is written as it arrives and the command
 * ends at the stream's `data: [DONE]`. A refusal is shown with its code, message, remedy and
 * request id.
 */
import type { CodeAssistanceClient } from '../service/client';
import { createCliClient } from './service-client';
import { isApiError } from '../service/errors';
import { COMPLETION_LANGUAGES } from '../service/types';
import type { CompletionLanguage, CompletionRequest } from '../service/types';
import { UsageError, parseFlags, stringFlag } from './args';
import { describeError } from '../domain/errors';
import { errorBlock } from './errors';
import { EXIT } from './exit-status';
import type { ExitStatus } from './exit-status';
import { KEY_VARIABLE, inputFlags, readCliSettings } from './settings';
import { streamingCompleter } from './stream-complete';
import { styled } from './terminal';
import type { Terminal } from './terminal';
import { COMPLETE_USAGE } from './usage';

const COMPLETE_FLAGS = {
  ...inputFlags(['api-url', 'request-timeout', 'max-retries', 'allow-insecure-http', 'api-key']),
  stream: { type: 'boolean' },
  system: { type: 'string' },
  'max-tokens': { type: 'string' },
  language: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Service codes that refuse the request itself: fix the input (2), not the environment (3). */
const REQUEST_CODES: ReadonlySet<string> = new Set(['invalid_request', 'missing_prompt', 'context_too_long']);

export async function runComplete(argv: readonly string[], terminal: Terminal): Promise<ExitStatus> {
  let request: CompletionRequest;
  let stream: boolean;
  let client: CodeAssistanceClient;
  try {
    const { values, positionals } = parseFlags(argv, COMPLETE_FLAGS, 'complete');
    if (values.help === true) {
      terminal.out(COMPLETE_USAGE);
      return EXIT.passed;
    }
    if (positionals.length !== 1) {
      throw new UsageError(
        positionals.length === 0
          ? "complete needs a PROMPT, or - to read it from standard input. See 'review-gate complete --help'."
          : `complete takes one PROMPT; got ${positionals.length} arguments. Quote the prompt.`,
      );
    }
    const settings = readCliSettings(values, terminal.env, (line) => terminal.err(line));
    const prompt = positionals[0] === '-' ? await terminal.readStdin() : (positionals[0] ?? '');
    if (prompt.trim() === '') throw new UsageError('The prompt is empty: give the text to complete.');
    request = { prompt, ...completionOptions(values) };
    stream = values.stream === true;
    client = createCliClient(settings, terminal);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    terminal.err(`review-gate: ${error.message}`);
    return EXIT.usage;
  }

  try {
    if (stream) {
      await streamingCompleter(client, terminal)(request);
    } else {
      const result = await client.complete(request);
      terminal.write(result.content.endsWith('\n') ? result.content : `${result.content}\n`);
      if (result.finish_reason === 'length') {
        terminal.err(styled('dim', `note: the completion stopped at max-tokens (finish_reason: length); raise --max-tokens for more.`));
      }
    }
    return EXIT.passed;
  } catch (error) {
    if (!isApiError(error)) {
      terminal.err(styled('red', 'review-gate: the completion failed:'), ` ${describeError(error)}`);
      return EXIT.couldNotRun;
    }
    const refused = error.kind === 'request_validation' || REQUEST_CODES.has(error.code);
    const headline = refused ? 'the request was refused' : error.kind === 'service' ? 'the completion service failed' : 'the completion could not complete';
    terminal.err(styled('red', `review-gate: ${headline}:`));
    for (const line of errorBlock(error, terminal.env[KEY_VARIABLE] ?? '')) terminal.err(line);
    // Everything else — the key, the limits, the network, a stream cut before [DONE] — is the run's, not the prompt's.
    return refused ? EXIT.usage : EXIT.couldNotRun;
  }
}

function completionOptions(values: Record<string, string | boolean | undefined>): Omit<CompletionRequest, 'prompt'> {
  const options: Omit<CompletionRequest, 'prompt'> = {};
  const system = stringFlag(values, 'system');
  if (system !== undefined) options.system = system;
  const maxTokens = stringFlag(values, 'max-tokens');
  if (maxTokens !== undefined) {
    const n = /^\+?\d+$/.test(maxTokens.trim()) ? Number(maxTokens.trim()) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > 8000) throw new UsageError(`Invalid --max-tokens '${maxTokens}'. Expected a whole number from 1 to 8000.`);
    options.max_tokens = n;
  }
  const language = stringFlag(values, 'language');
  if (language !== undefined) {
    const lower = language.trim().toLowerCase();
    if (!(COMPLETION_LANGUAGES as readonly string[]).includes(lower)) {
      throw new UsageError(`Invalid --language '${language}'. Expected one of: ${COMPLETION_LANGUAGES.join(', ')}.`);
    }
    options.language = lower as CompletionLanguage;
  }
  return options;
}
