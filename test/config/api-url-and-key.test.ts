import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from '../../src/service/options';
import { quotableUrl } from '../../src/safety/credentials';
import { insecureHttpWarning } from '../../src/config/api-url';
import { readSettings } from '../../src/config/settings';
import { inputReader as reader, settingsProblems } from './settings-inputs';

const base = { 'api-key': 'svc_live_abcdefgh12345678', 'api-url': 'https://api.example.com' };
const problemsOf = (inputs: Record<string, string>): string[] => settingsProblems(inputs, base);

describe('api-url over plain http', () => {
  it.each(['http://api.example.com', 'http://10.0.0.7:8080/assist', 'http://[2001:db8::1]/', 'http://0.0.0.0:8787'])(
    'refuses %s, saying why and how to opt in',
    (url) => {
      const problems = problemsOf({ 'api-url': url });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^Invalid api-url '.*'\. Plain http would send the API key and the code unencrypted to .*: use https\./);
      expect(problems[0]).toContain('allow-insecure-http: true');
    },
  );

  it.each(['http://127.0.0.1:8787', 'http://127.8.9.10', 'http://localhost:3000/x', 'http://LOCALHOST', 'http://[::1]:8787', 'http://[0:0:0:0:0:0:0:1]'])(
    'accepts the loopback host of %s without a warning',
    (url) => {
      const settings = readSettings(reader({ ...base, 'api-url': url }));
      expect(settings.allowInsecureHttp).toBe(false);
      expect(insecureHttpWarning(settings.apiUrl)).toBeUndefined();
    },
  );

  it('accepts a remote http api-url with allow-insecure-http: true, and warns on every run', () => {
    const settings = readSettings(reader({ ...base, 'api-url': 'http://gw.internal.example:8080/', 'allow-insecure-http': 'TRUE' }));
    expect(settings).toMatchObject({ apiUrl: 'http://gw.internal.example:8080', allowInsecureHttp: true });
    expect(insecureHttpWarning(settings.apiUrl)).toMatch(/^api-url http:\/\/gw\.internal\.example:8080 uses plain http \(allow-insecure-http is true\)/);
    expect(insecureHttpWarning('https://gw.internal.example')).toBeUndefined();
  });

  it('rejects an allow-insecure-http that is not a boolean, quoting it', () => {
    expect(problemsOf({ 'allow-insecure-http': 'sometimes' })).toEqual(["Invalid allow-insecure-http 'sometimes'. Expected true or false."]);
  });
});

describe('credentials in api-url', () => {
  it.each([
    'https://bob:pa/ss@api.example.com',
    'https://bob:pa#ss@api.example.com',
    'https://bob:pa?ss@api.example.com/v1',
    'https://bob:1#@api.example.com',
    'http://bob:pa/ss@remote.example.com',
    'ftp://bob:pa/ss@x',
    'bob:pa/ss@nowhere',
    'https://api.example.com/?key=pa/ss',
    'https://api.example.com/#pa/ss',
  ])('never shows any part of the password of %s, in problems or in the client', (url) => {
    const problems = problemsOf({ 'api-url': url });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).not.toMatch(/pa.ss|1#/);
    let message = '';
    try {
      normalizeBaseUrl(url);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid baseUrl/);
    expect(message).not.toMatch(/pa.ss|1#/);
  });

  it('quotes a URL without credentials as written, up to a query or fragment', () => {
    expect(quotableUrl('https://api.example.com/v1')).toBe('https://api.example.com/v1');
    expect(quotableUrl('https://api.example.com/x?token=abc')).toBe('https://api.example.com/x…');
    expect(quotableUrl('https://u:p/w@h')).toBe('https://…');
    expect(quotableUrl('u:p/w@h')).toBe('u:…');
  });
});

describe('api-key', () => {
  it.each([
    ['a space', 'svc_live_abc def1234567'],
    ['a line break', 'svc_live_abc\ndef1234567'],
    ['a tab', 'svc_live_abc\tdef1234567'],
    ['a control character', 'svc_live_abc\u0007def1234567'],
    ['a non-ASCII character', 'svc_live_abcdéf1234567'],
  ])('refuses a key with %s as a settings problem naming the input, never quoting the key', (_what, key) => {
    const problems = problemsOf({ 'api-key': key });
    expect(problems).toEqual([
      'Invalid api-key: it contains whitespace, control or non-ASCII characters (the key is not shown). Copy it again, without spaces or line breaks.',
    ]);
  });

  it('tolerates the whitespace a secret often carries around the key', () => {
    expect(readSettings(reader({ ...base, 'api-key': '  svc_live_abcdefgh12345678\n' })).apiKey).toBe('svc_live_abcdefgh12345678');
  });
});
