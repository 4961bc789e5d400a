import { describe, expect, it } from 'vitest';
import { readShebang } from '../../../src/collect/text/shebang';

const read = (firstLine: string) => readShebang(Buffer.from(`${firstLine}\nconsole.log(1)\n`));

describe('readShebang: the interpreters of the five languages, as the kernel and env find them', () => {
  it.each([
    ['#!/usr/bin/env node', 'javascript', 'node'],
    ['#!/usr/bin/node', 'javascript', '/usr/bin/node'],
    ['#!/usr/local/bin/node --max-old-space-size=4096', 'javascript', '/usr/local/bin/node'],
    ['#!/usr/bin/env nodejs', 'javascript', 'nodejs'],
    ['#!/nix/store/abc-nodejs-20/bin/node20', 'javascript', '/nix/store/abc-nodejs-20/bin/node20'],
    ['#! /usr/bin/env node', 'javascript', 'node'],
    ['#!/usr/bin/env -S node --experimental-strip-types', 'javascript', 'node'],
    ['#!/usr/bin/env -Snode', 'javascript', 'node'],
    ['#!/usr/bin/env -i PATH=/usr/bin node', 'javascript', 'node'],
    ['#!/usr/bin/env -u HOME -S node', 'javascript', 'node'],
    ['#!/usr/bin/env --split-string=node --inspect', 'javascript', 'node'],
    ['#!/usr/bin/env -- node', 'javascript', 'node'],
    ['#!/usr/bin/env deno', 'typescript', 'deno'],
    ['#!/usr/bin/env -S deno run --allow-net', 'typescript', 'deno'],
    ['#!/usr/bin/env bun', 'typescript', 'bun'],
    ['#!/usr/bin/env ts-node', 'typescript', 'ts-node'],
    ['#!/usr/bin/env ts-node-esm', 'typescript', 'ts-node-esm'],
    ['#!/usr/bin/env tsx', 'typescript', 'tsx'],
    ['#!/usr/bin/env -S npx tsx', 'typescript', 'npx'],
    ['#!/usr/bin/env -S npx --yes ts-node', 'typescript', 'npx'],
    ['#!/usr/bin/env -S pnpm dlx tsx', 'typescript', 'pnpm'],
    ['#!/usr/local/bin/bunx tsx', 'typescript', '/usr/local/bin/bunx'],
    ['#!/usr/bin/python3', 'python', '/usr/bin/python3'],
    ['#!/usr/bin/env python', 'python', 'python'],
    ['#!/usr/bin/env python3.12', 'python', 'python3.12'],
    ['#!/opt/python/bin/python3.12 -u', 'python', '/opt/python/bin/python3.12'],
    ['#!/usr/bin/env pypy3', 'python', 'pypy3'],
    ['#!C:/Python311/pythonw', 'python', 'C:/Python311/pythonw'],
    ['#!/usr/bin/env -S uv run --script', 'python', 'uv'],
    ['#!/usr/bin/env -S uv run --with requests', 'python', 'uv'],
    ['#!/usr/bin/env -S pipx run', 'python', 'pipx'],
    ['#!/usr/bin/env -S poetry run python', 'python', 'poetry'],
    ['#!/usr/bin/env gorun', 'go', 'gorun'],
    ['#!/usr/bin/env yaegi', 'go', 'yaegi'],
    ['#!/usr/bin/env rust-script', 'rust', 'rust-script'],
    ['#!/usr/bin/env cargo', 'rust', 'cargo'],
    ['#!/usr/bin/env -S cargo +nightly -Zscript', 'rust', 'cargo'],
    ['#!/usr/bin/env python3.13t', 'python', 'python3.13t'],
    ['#!/usr/bin/python3-dbg', 'python', '/usr/bin/python3-dbg'],
    ['#!/usr/bin/python3.12-dbg', 'python', '/usr/bin/python3.12-dbg'],
    ['#!/usr/local/bin/python3.12d -u', 'python', '/usr/local/bin/python3.12d'],
    ['#!/usr/bin/python3.7m', 'python', '/usr/bin/python3.7m'],
    ['#!/usr/bin/env python3.14td', 'python', 'python3.14td'],
    ['#!C:/Python313/python.exe', 'python', 'C:/Python313/python.exe'],
    ['#!C:/Python313/python_d.exe', 'python', 'C:/Python313/python_d.exe'],
    ['#!/usr/bin/env node22', 'javascript', 'node22'],
    ['#!/usr/bin/env -S env node', 'javascript', 'env'],
    ['#!/usr/bin/env -S poetry run env python3.13t', 'python', 'poetry'],
  ])('%s is %s', (line, language, interpreter) => {
    expect(read(line)).toEqual({ kind: 'language', language, interpreter });
  });

  it('reads a line ended by CRLF, and the first line only', () => {
    expect(readShebang(Buffer.from('#!/usr/bin/env node\r\nx'))).toEqual({ kind: 'language', language: 'javascript', interpreter: 'node' });
    expect(readShebang(Buffer.from('#!/bin/sh\n#!/usr/bin/env node\n'))).toEqual({ kind: 'other', interpreter: '/bin/sh' });
  });
});

describe('readShebang: anything else', () => {
  it.each([
    ['#!/bin/sh', '/bin/sh'],
    ['#!/usr/bin/env bash', 'bash'],
    ['#!/usr/bin/env -S ruby -w', 'ruby'],
    ['#!/usr/bin/perl', '/usr/bin/perl'],
    ['#!/usr/bin/perl5.36.0 -w', '/usr/bin/perl5.36.0'],
    ['#!/usr/bin/env ruby3.2', 'ruby3.2'],
    ['#!/usr/bin/env bash5', 'bash5'],
    ['#!/usr/bin/env -S go run', 'go'],
    ['#!/usr/bin/env -S poetry run bash', 'poetry'],
    ['#!/usr/bin/make -f', '/usr/bin/make'],
  ])('%s names an interpreter of another language (%s)', (line, interpreter) => {
    expect(read(line)).toEqual({ kind: 'other', interpreter });
  });

  it.each([
    ['#!/usr/bin/env', '/usr/bin/env'],
    ['#!/usr/bin/env -i', '/usr/bin/env'],
    ['#!/usr/bin/env frobnicate --fast', 'frobnicate'],
    ['#!/usr/bin/env nix-shell', 'nix-shell'],
    ['#!/usr/bin/python3.12-config', '/usr/bin/python3.12-config'],
    ['#!/usr/bin/env python3.14-custom', 'python3.14-custom'],
    ['#!/usr/bin/env Python3', 'Python3'],
    ['#!/usr/bin/env -S nice python3', 'nice'],
    ['#!/usr/bin/env -S npx -p typescript tsc', 'npx'],
    ['#!/usr/bin/env -S npx cowsay', 'npx'],
    ['#!/usr/bin/env -S pnpm install', 'pnpm'],
    ['#!/usr/bin/env -S yarn node', 'yarn'],
    ['#!./run-me', './run-me'],
  ])('%s names an interpreter it does not know (%s): unknown, never another language', (line, interpreter) => {
    expect(read(line)).toEqual({ kind: 'unknown', interpreter });
  });

  it.each([
    ['no #! at the start', 'console.log(1)\n'],
    ['a #! after a byte-order mark, which the kernel does not run', '\ufeff#!/usr/bin/env node\n'],
    ['a #! after a space', ' #!/usr/bin/env node\n'],
    ['an empty #! line', '#!\nx'],
    ['nothing at all', ''],
  ])('finds no #! line in %s', (_case, text) => {
    expect(readShebang(Buffer.from(text))).toEqual({ kind: 'none' });
  });
});
