// Throughput of tree-sitter extraction (parse + symbols + imports + references) over a
// directory of sources. Not run by `npm test`. Build and run:
//
//   npx tsc -p tsconfig.json --outDir /tmp/cairn-bench; echo '{"type":"module"}' > /tmp/cairn-bench/package.json
//   NODE_PATH=$PWD/node_modules node /tmp/cairn-bench/bench/extract-throughput.js python /work/bench-data/tasks/dask__dask-8040
//
// Arguments: <python|typescript|javascript|go|rust|java> <directory> [repeats=3]. Reports the
// best of the repeats, in CPU time (user + system) of this process, which is what matters
// on a shared machine; wall time is printed alongside.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AstLanguage } from '../src/core/entities.js';
import { isExtractionError } from '../src/indexer/languages/errors.js';
import { loadGrammar, loadParserConstructor } from '../src/indexer/languages/grammars.js';
import { ExtractorRegistry } from '../src/indexer/languages/registry.js';

const EXTENSIONS: Record<string, [string, AstLanguage][]> = {
  python: [['.py', 'python']],
  typescript: [['.tsx', 'tsx'], ['.ts', 'typescript']],
  javascript: [['.js', 'javascript'], ['.mjs', 'javascript'], ['.cjs', 'javascript']],
  go: [['.go', 'go']],
  rust: [['.rs', 'rust']],
  java: [['.java', 'java']],
};

interface SourceFile {
  path: string;
  language: AstLanguage;
  text: string;
}

function collect(root: string, kinds: [string, AstLanguage][], out: SourceFile[], relative = ''): void {
  for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
    const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== '.git') collect(root, kinds, out, path);
      continue;
    }
    if (!entry.isFile() || entry.name.endsWith('.d.ts')) continue;
    const kind = kinds.find(([extension]) => entry.name.endsWith(extension));
    if (kind !== undefined) out.push({ path, language: kind[1], text: readFileSync(join(root, path), 'utf8') });
  }
}

function cpuMs(run: () => void): { cpu: number; wall: number } {
  const startCpu = process.cpuUsage();
  const startWall = performance.now();
  run();
  const used = process.cpuUsage(startCpu);
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - startWall };
}

function parseOnly(files: SourceFile[]): void {
  const Parser = loadParserConstructor();
  const parsers = new Map<AstLanguage, InstanceType<typeof Parser>>();
  for (const file of files) {
    let parser = parsers.get(file.language);
    if (parser === undefined) {
      parser = new Parser();
      parser.setLanguage(loadGrammar(file.language));
      parsers.set(file.language, parser);
    }
    parser.parse(file.text, null, { bufferSize: file.text.length + 1 });
  }
}

function main(): void {
  const [kind = 'python', root = '.', repeatArg = '3'] = process.argv.slice(2);
  const kinds = EXTENSIONS[kind];
  if (kinds === undefined) throw new Error(`unknown language ${kind}`);
  const files: SourceFile[] = [];
  collect(root, kinds, files);
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  const megabytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0) / 1e6;
  const registry = new ExtractorRegistry();
  const totals = { symbols: 0, references: 0, imports: 0, partial: 0, failed: 0 };
  const extractAll = (): void => {
    Object.assign(totals, { symbols: 0, references: 0, imports: 0, partial: 0, failed: 0 });
    for (const file of files) {
      try {
        const result = registry.extractorFor(file.language)?.extract(file.path, file.text);
        totals.symbols += result?.symbols.length ?? 0;
        totals.references += result?.references.length ?? 0;
        totals.imports += result?.imports.length ?? 0;
        if (result?.parseNote) totals.partial++;
      } catch (error) {
        if (!isExtractionError(error)) throw error;
        totals.failed++;
      }
    }
  };
  extractAll(); // warm-up: grammar loading, JIT
  const repeats = Number(repeatArg);
  const best = (run: () => void) =>
    Array.from({ length: repeats }, () => cpuMs(run)).reduce((a, b) => (b.cpu < a.cpu ? b : a));
  const parse = best(() => parseOnly(files));
  const extract = best(extractAll);
  const rate = (ms: number) => (megabytes / (ms / 1000)).toFixed(2);
  console.log(`${kind} ${root}: ${files.length} files, ${megabytes.toFixed(2)} MB`);
  console.log(`  parse only : ${parse.cpu.toFixed(0)} ms CPU (${parse.wall.toFixed(0)} wall) = ${rate(parse.cpu)} MB/s`);
  console.log(`  extraction : ${extract.cpu.toFixed(0)} ms CPU (${extract.wall.toFixed(0)} wall) = ${rate(extract.cpu)} MB/s`);
  console.log(`  ${totals.symbols} symbols, ${totals.references} references, ${totals.imports} imports; ` +
    `${totals.partial} files with syntax errors, ${totals.failed} failed`);
}

main();
