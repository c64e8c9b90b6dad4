// The redactor (src/core/redact.ts) on real trees and on hostile text, run by hand:
//
//   npm run bench:build && node dist-bench/bench/redaction.js FOLDER...
//
// For each folder: its text files (.ts .js .py .md .json .yaml .yml .toml .cfg .txt .rst,
// under 500 KB, node_modules and dot-folders skipped) redacted one by one as a face shows
// them (`redactShown`, with the language the indexer gives the file) — files, MB, time, how
// many files had something replaced, by kind, and the first lines changed (to read for
// false positives) — and the lines the same rules without the file's language would have
// replaced (names in code: `secret: SignatureKey`). Then a megabyte of each hostile
// near-miss shape, timed.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { redactSecrets, redactShown } from '../src/core/redact.js';
import { detectLanguage } from '../src/indexer/classify/language.js';

function* textFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    const stats = statSync(path);
    if (stats.isDirectory()) yield* textFiles(path);
    else if (stats.size < 500_000 && /\.(ts|js|py|md|json|ya?ml|toml|cfg|txt|rst)$/.test(name)) yield path;
  }
}

function corpus(root: string): void {
  let files = 0;
  let bytes = 0;
  let changed = 0;
  let ms = 0;
  const kinds: Record<string, number> = {};
  const shown: string[] = [];
  const namesKept: string[] = [];
  for (const file of textFiles(root)) {
    const text = readFileSync(file, 'utf8');
    files++;
    bytes += Buffer.byteLength(text);
    const started = performance.now();
    const redaction = redactShown(text, detectLanguage(file, text.slice(0, 512)));
    ms += performance.now() - started;
    const plain = redactSecrets(text, { keepLines: true });
    if (plain.total > redaction.total) {
      const kept = text.split('\n').filter((value, index) => value !== plain.text.split('\n')[index] && value === redaction.text.split('\n')[index]);
      for (const line of kept) namesKept.push(`    ${file.slice(root.length + 1)}: ${line.trim().slice(0, 100)}`);
    }
    if (redaction.total === 0) continue;
    changed++;
    for (const [kind, count] of Object.entries(redaction.counts)) kinds[kind] = (kinds[kind] ?? 0) + count;
    const before = text.split('\n');
    const after = redaction.text.split('\n');
    const line = before.findIndex((value, index) => value !== after[index]);
    if (shown.length < 12) shown.push(`    ${file.slice(root.length + 1)}: ${before[line]?.trim().slice(0, 100)}`);
  }
  console.log(`${root}: ${files} files, ${(bytes / 1e6).toFixed(1)} MB, ${Math.round(ms)} ms (${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s); ${changed} files with replacements ${JSON.stringify(kinds)}`);
  for (const line of shown) console.log(line);
  console.log(`  ${namesKept.length} lines of program source kept that the rules without the file's language replace:`);
  for (const line of namesKept.slice(0, 12)) console.log(line);
}

function hostile(): void {
  const shapes: Record<string, string> = {
    'a.a.a… (word boundaries everywhere)': 'a.'.repeat(500_000),
    'password=password=…': 'password='.repeat(110_000),
    'password = "…': 'password = "'.repeat(80_000),
    'BEGIN PRIVATE KEY without END, repeated': '-----BEGIN RSA PRIVATE KEY-----\n'.repeat(31_000),
    'eyJ… JWT prefixes': 'eyJabcdefghij.'.repeat(70_000),
    'Bearer Bearer …': 'Bearer '.repeat(140_000),
    'http://a: …': 'http://a:'.repeat(110_000),
  };
  for (const [name, text] of Object.entries(shapes)) {
    const started = performance.now();
    const redaction = redactSecrets(text);
    console.log(`hostile ${name}: ${(text.length / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms (${redaction.total} replaced)`);
  }
}

for (const root of process.argv.slice(2)) corpus(root);
hostile();
