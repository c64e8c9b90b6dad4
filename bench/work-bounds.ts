// Work per file on hostile shapes (issue 14), run by hand, never by `npm test`:
//
//   npm run bench:build && node dist-bench/bench/work-bounds.js [--cairn PATH/bin/cairn.js] [--nested 1500,3000,6000] [--bundle-mb 5]
//
// Indexes, as a whole CLI process, repositories of one file each: n nested TypeScript
// functions, and a single-line JavaScript bundle of a few MB (with index.maxFileBytes
// raised so it is not skipped). Prints wall time, the run's peak RSS and the size of
// index.db. --cairn points at another build (e.g. an older checkout) to compare.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Options {
  cairn: string;
  nested: number[];
  bundleMb: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { cairn: fileURLToPath(new URL('../../bin/cairn.js', import.meta.url)), nested: [1500, 3000, 6000], bundleMb: 5 };
  for (let at = 0; at < argv.length; at += 2) {
    const [flag, value] = [argv[at], argv[at + 1] ?? ''];
    if (flag === '--cairn') options.cairn = value;
    else if (flag === '--nested') options.nested = value.split(',').map(Number);
    else if (flag === '--bundle-mb') options.bundleMb = Number(value);
    else throw new Error(`unknown option ${flag}`);
  }
  return options;
}

function nestedTypeScript(levels: number): string {
  let text = '';
  for (let at = 0; at < levels; at++) text += `function f${at}(a: number): number {\n`;
  return `${text}return 1;\n${'}\n'.repeat(levels)}`;
}

function indexOne(cairn: string, base: string, name: string, file: string, content: string, config?: string): string {
  const repo = join(base, name);
  mkdirSync(repo, { recursive: true });
  writeFileSync(join(repo, file), content);
  if (config) writeFileSync(join(repo, 'cairn.yaml'), config);
  const started = performance.now();
  const run = spawnSync(process.execPath, [cairn, 'index', repo, '--json'], { encoding: 'utf8', env: { ...process.env, CI: '1' }, maxBuffer: 1 << 26 });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) return `${name}: failed (${run.status}): ${run.stderr.split('\n')[0]}`;
  const summary = JSON.parse(run.stdout) as { peakRssMb: number; symbols: number };
  const size = statSync(join(repo, '.cairn', 'index.db')).size;
  rmSync(repo, { recursive: true, force: true });
  return `${name.padEnd(24)} ${seconds.toFixed(2).padStart(7)} s  peak ${String(summary.peakRssMb).padStart(5)} MB  index.db ${(size / 1e6).toFixed(1).padStart(7)} MB  ${summary.symbols} symbols`;
}

const options = parseOptions(process.argv.slice(2));
const base = mkdtempSync(join(tmpdir(), 'cairn-work-bounds-'));
try {
  console.log(`cairn: ${options.cairn}`);
  for (const levels of options.nested) console.log(indexOne(options.cairn, base, `nested-${levels}`, 'deep.ts', nestedTypeScript(levels)));
  const bundle = `var a=${'1+'.repeat(Math.round((options.bundleMb * 1e6) / 2))}1;function tail(){return a}\n`;
  console.log(indexOne(options.cairn, base, `bundle-${options.bundleMb}MB`, 'bundle.js', bundle, 'index:\n  maxFileBytes: 1073741824\n'));
} finally {
  rmSync(base, { recursive: true, force: true });
}
