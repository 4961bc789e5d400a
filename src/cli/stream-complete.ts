/** A completion streamed to stdout as it arrives, returning the whole text once `[DONE]` is read. */
import type { CodeAssistanceClient } from '../service/client';
import type { CompletionRequest } from '../service/types';
import { createStreamPrinter } from './stream-print';
import { KEY_VARIABLE } from './settings';
import type { Terminal } from './terminal';

export function streamingCompleter(client: CodeAssistanceClient, terminal: Terminal): (request: CompletionRequest) => Promise<string> {
  return async (request) => {
    const key = (terminal.env[KEY_VARIABLE] ?? '').trim();
    const printer = createStreamPrinter((text) => terminal.write(text), key === '' ? [] : [key]);
    const parts: string[] = [];
    try {
      for await (const delta of client.completeStream(request)) {
        parts.push(delta);
        printer.push(delta);
      }
    } finally {
      // What arrived is shown even when the stream breaks; the caller says it broke.
      printer.end();
      if (!printer.endsWithNewline) terminal.write('\n');
    }
    return parts.join('');
  };
}
