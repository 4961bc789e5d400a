import { describe, expect, it } from 'vitest';
import { completeRequest, streamPieces } from './index';
import { complete, harness, T0 } from './helpers';

const PROMPT = 'def add(a, b):\n    """Add two numbers."""\n';

/** The concatenated deltas of an SSE body, and whether it ended with [DONE]. */
function readStream(text: string): { deltas: string[]; done: boolean } {
  const events = text.split('\n\n').filter((event) => event !== '');
  const done = events.at(-1) === 'data: [DONE]';
  const deltas = events
    .slice(0, done ? -1 : undefined)
    .map((event) => (JSON.parse(event.replace(/^data: /, '')) as { delta: string }).delta);
  return { deltas, done };
}

describe('POST /v1/complete', () => {
  it('answers a deterministic completion result with every documented field', async () => {
    const { sim } = await harness();
    const first = await complete(sim, { prompt: PROMPT, language: 'python' });
    const second = await complete(sim, { prompt: PROMPT, language: 'python' });
    expect(first.status).toBe(200);
    expect(first.json).toEqual(second.json);
    expect(first.json).toMatchObject({
      object: 'completion',
      model: 'service-1',
      finish_reason: 'stop',
      created_at: new Date(T0).toISOString(),
    });
    expect(first.json.id).toMatch(/^cmpl_[0-9a-f]{24}$/);
    expect(first.json.content).toMatch(/^# simulated completion [0-9a-f]{8}\ndef completed_/);
    const usage = first.json.usage as { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    expect(usage.prompt_tokens).toBe(Math.ceil(PROMPT.length / 4));
    expect(usage.completion_tokens).toBe(Math.ceil((first.json.content ?? '').length / 4));
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(first.json.latency_ms).toBe(30 + usage.completion_tokens);
  });

  it('gives another prompt another id and text, and echoes the requested model', async () => {
    const { sim } = await harness();
    const a = await complete(sim, { prompt: 'one', language: 'go' });
    const b = await complete(sim, { prompt: 'two', language: 'go', model: 'service-2' });
    expect(a.json.id).not.toBe(b.json.id);
    expect(a.json.content).not.toBe(b.json.content);
    expect(b.json.model).toBe('service-2');
  });

  it('streams the same text as the plain answer, in pieces, ending with [DONE]', async () => {
    const { sim } = await harness();
    const plain = await complete(sim, { prompt: PROMPT, language: 'rust' });
    const streamed = await complete(sim, { prompt: PROMPT, language: 'rust', stream: true });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(streamed.headers.get('x-request-id')).toMatch(/^svc_req_/);
    expect(streamed.text.endsWith('data: [DONE]\n\n')).toBe(true);
    const { deltas, done } = readStream(streamed.text);
    expect(done).toBe(true);
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(plain.json.content);
  });

  it('cuts the text before the first stop sequence with finish_reason stop', async () => {
    const { sim } = await harness();
    const full = await complete(sim, { prompt: PROMPT, language: 'javascript' });
    const cut = await complete(sim, { prompt: PROMPT, language: 'javascript', stop: ['return', '{'] });
    const content = full.json.content ?? '';
    expect(cut.json.content).toBe(content.slice(0, content.indexOf('{')));
    expect(cut.json.finish_reason).toBe('stop');
    const streamed = await complete(sim, { prompt: PROMPT, language: 'javascript', stop: ['{'], stream: true });
    expect(readStream(streamed.text).deltas.join('')).toBe(cut.json.content);
  });

  it('stops at max_tokens with finish_reason length, streamed the same way', async () => {
    const { sim } = await harness();
    const answer = await complete(sim, { prompt: PROMPT, language: 'typescript', max_tokens: 3 });
    expect(answer.json.finish_reason).toBe('length');
    expect(answer.json.content).toHaveLength(12);
    expect(answer.json.usage?.completion_tokens).toBe(3);
    const streamed = await complete(sim, { prompt: PROMPT, language: 'typescript', max_tokens: 3, stream: true });
    expect(readStream(streamed.text).deltas.join('')).toBe(answer.json.content);
  });

  it('answers prose when no language is given', async () => {
    const { sim } = await harness();
    const answer = await complete(sim, { prompt: 'Explain recursion.' });
    expect(answer.json.content).toMatch(/^This is simulated completion [0-9a-f]{8} for a prompt of 18 characters\./);
  });
});

describe('stream pieces', () => {
  it('join back to the text, whitespace included', () => {
    const text = '  fn a() {\n\tb\n}\n';
    expect(streamPieces(text).join('')).toBe(text);
    expect(streamPieces('')).toEqual([]);
  });

  it('are the same for the same request', () => {
    const request = { prompt: 'x', model: 'service-1', maxTokens: 500, temperature: 0.2, stop: [], stream: true };
    expect(streamPieces(completeRequest(request, T0).content)).toEqual(
      streamPieces(completeRequest(request, T0 + 1000).content),
    );
  });
});
