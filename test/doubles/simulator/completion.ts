/**
 * The simulator's completions: a short, language-shaped text that depends only on the request,
 * cut at the first stop sequence (`finish_reason: stop`) and then at `max_tokens`
 * (`finish_reason: length`). Tokens are estimated as ceil(chars / 4) everywhere.
 */
import { createHash } from 'node:crypto';
import type { CompletionLanguage, CompletionResult } from '../../../src/service/types';
import { estimateTokens } from './rules';
import type { ValidCompletionRequest } from './validate';

export type CompletionAnswer = Omit<CompletionResult, 'requestId'> & {
  object: 'completion';
  finish_reason: 'stop' | 'length';
};

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function codeBody(language: CompletionLanguage, name: string): string {
  switch (language) {
    case 'python':
      return `def ${name}(value):\n    """Return the value unchanged."""\n    return value\n`;
    case 'javascript':
      return `function ${name}(value) {\n  return value;\n}\n`;
    case 'typescript':
      return `function ${name}<T>(value: T): T {\n  return value;\n}\n`;
    case 'go':
      return `func ${name}(value any) any {\n\treturn value\n}\n`;
    case 'rust':
      return `fn ${name}<T>(value: T) -> T {\n    value\n}\n`;
    case 'java':
      return `static <T> T ${name}(T value) {\n    return value;\n}\n`;
    case 'cpp':
      return `template <typename T>\nT ${name}(T value) {\n    return value;\n}\n`;
  }
}

/** The full text before stop sequences and `max_tokens` apply. */
export function completionText(request: ValidCompletionRequest): string {
  const digest = hashOf(`${request.system ?? ''}\u0000${request.prompt}`).slice(0, 8);
  const comment = request.language === 'python' ? '#' : '//';
  if (request.language === undefined) {
    return `This is simulated completion ${digest} for a prompt of ${request.prompt.length} characters. The same request always gives the same text.\n`;
  }
  return `${comment} simulated completion ${digest}\n${codeBody(request.language, `completed_${digest}`)}`;
}

export function completeRequest(request: ValidCompletionRequest, nowMs: number): CompletionAnswer {
  let content = completionText(request);
  let finishReason: 'stop' | 'length' = 'stop';
  const stopAt = Math.min(
    ...request.stop.map((s) => content.indexOf(s)).filter((i) => i >= 0),
    content.length,
  );
  content = content.slice(0, stopAt);
  if (estimateTokens(content) > request.maxTokens) {
    content = content.slice(0, request.maxTokens * 4);
    finishReason = 'length';
  }
  const promptTokens = estimateTokens((request.system ?? '') + request.prompt);
  const completionTokens = estimateTokens(content);
  return {
    id: `cmpl_${hashOf(request.prompt).slice(0, 24)}`,
    object: 'completion',
    model: request.model,
    content,
    finish_reason: finishReason,
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
    latency_ms: 30 + completionTokens,
    created_at: new Date(nowMs).toISOString(),
  };
}

/** The stream's deltas: word-sized pieces (with their leading whitespace) that join to `content`. */
export function streamPieces(content: string): string[] {
  return content.match(/\s*\S+|\s+$/g) ?? [];
}
