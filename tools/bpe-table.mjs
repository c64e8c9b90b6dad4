#!/usr/bin/env node
// Writes the o200k_base rank table (dist/tokenizer/o200k_base.bin) that the token counter
// loads in milliseconds instead of gpt-tokenizer's 2.2 MB rank module (~220 ms to compile
// and turn into a Map). Layout and the writer: src/tokenizer/bpe/rank-table*.ts, run
// from tsc's output, so run tsc first (`npm run build` does: tsc, this, then the bundle).
//
// The file is written beside its final name and renamed into place, so a `cairn` started
// meanwhile reads either the old table or the new one, never half of one.

import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COMPILED = join(ROOT, 'dist', 'tokenizer', 'bpe');

export async function writeO200kTable() {
  const { serializeRankTable } = await import(pathToFileURL(join(COMPILED, 'rank-table-writer.js')).href);
  const { O200K_TABLE_PATH_IN_PACKAGE } = await import(pathToFileURL(join(COMPILED, 'o200k.js')).href);
  const ranks = createRequire(join(ROOT, 'package.json'))('gpt-tokenizer/cjs/bpeRanks/o200k_base').default;
  const file = serializeRankTable(ranks);
  const target = join(ROOT, ...O200K_TABLE_PATH_IN_PACKAGE);
  const staging = `${target}.${process.pid}.tmp`;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(staging, file);
  renameSync(staging, target);
  return { target, bytes: file.byteLength, tokens: ranks.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { target, bytes, tokens } = await writeO200kTable();
  const ms = Math.round(performance.now() - started);
  console.log(`wrote the o200k_base rank table (${tokens} ranks) to ${relative(ROOT, target)}: ${(bytes / 1e6).toFixed(1)} MB, ${ms} ms`);
}
