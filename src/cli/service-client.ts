/**
 * The service client of a terminal run, built once for both subcommands: a plain-http api-url
 * and a doubtful key are warned about on stderr. A bad option (a key with whitespace) throws a
 * TypeError, which the callers report as a settings error (exit 2).
 */
import { insecureHttpWarning } from '../config/api-url';
import type { Settings } from '../config/settings';
import { createClient } from '../service/client';
import type { CodeAssistanceClient } from '../service/client';
import { styled } from './terminal';
import type { Terminal } from './terminal';

export function createCliClient(settings: Settings, terminal: Terminal): CodeAssistanceClient {
  const warn = (message: string): void => terminal.err(styled('yellow', 'warning:'), ` ${message}`);
  const insecure = insecureHttpWarning(settings.apiUrl);
  if (insecure !== undefined) warn(insecure);
  return createClient({
    apiKey: settings.apiKey,
    baseUrl: settings.apiUrl,
    timeoutMs: settings.requestTimeoutMs,
    retry: { maxRetries: settings.maxRetries },
    onWarning: warn,
  });
}
