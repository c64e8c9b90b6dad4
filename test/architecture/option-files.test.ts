// Issue 22: every file a command reads or writes by option or argument goes through the one
// option reader (src/config/option-file.ts, option-lines.ts) — regular files only, bounded —
// so the next option cannot forget (`memory import` read /dev/zero until V8 gave up). Held
// here statically: the CLI reads no file by itself. test/cli/option-files.test.ts runs every
// such option of the binary against a device, a pipe and a folder.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Files of the CLI that may read the disk themselves, and why. */
const ALLOWED: Record<string, string> = {
  'faces/cli/io.ts': "cairn's own package.json (the version), never a file a user names",
};

/** fs calls that read or open a file. */
const READS = /\b(readFileSync|readFile|createReadStream|openSync|open|readSync|read)\s*\(|from\s+['"]node:fs\/promises['"]|from\s+['"]node:readline['"]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !/\.(test|fixture)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The fs functions a module imports from node:fs, by name. */
function fsImports(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"](?:node:)?fs['"]/g)].flatMap((match) => match[1]!.split(',').map((name) => name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!));
}

describe('file options', () => {
  it('no CLI module reads a file itself: options go through config/option-file.ts', () => {
    const offenders = sources(join(SRC, 'faces/cli'))
      .map((file) => ({ file: relative(SRC, file), text: readFileSync(file, 'utf8') }))
      .filter(({ file }) => !(file in ALLOWED))
      .filter(({ text }) => READS.test(text) && (fsImports(text).some((name) => /^(readFileSync|readFile|createReadStream|openSync|readSync)$/.test(name)) || /node:fs\/promises|node:readline/.test(text)))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('catches a module that does', () => {
    const text = "import { createReadStream, existsSync } from 'node:fs';\nconst s = createReadStream(file);\n";
    expect(READS.test(text) && fsImports(text).includes('createReadStream')).toBe(true);
  });
});
