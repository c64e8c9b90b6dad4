// The package-entry prior: an `index.ts` / `__init__.py` / `mod.rs` that only gathers
// other modules' names ranks lower; one that holds the implementation (hono keeps every
// middleware in `src/middleware/<name>/index.ts`) ranks like any other file. Checked on
// what the indexer really extracts from such files.

import { afterEach, describe, expect, it } from 'vitest';
import { drainIndex, openReader, runIndex } from '../../app/stores.js';
import { openRepo } from '../../app/repo.js';
import type { CuratedReader } from '../../store/curated.js';
import { tempDir, type TempDir } from '../../../test/support/temp-repo.js';
import { filePrior, priorContext, type PriorContext } from './priors.js';
import { exportHubs } from './export-hubs.js';

const NOT_ABOUT_ANYTHING: PriorContext = { aboutTests: false, aboutDocs: false, aboutTypes: false, aboutExports: false };

const FILES: Record<string, string> = {
  'src/middleware/cors/index.ts': [
    "import type { Context } from '../../context'",
    '',
    'export interface CORSOptions { origin: string | string[]; allowMethods?: string[] }',
    '',
    '/** Answers preflight requests and sets the CORS headers of every response. */',
    'export const cors = (options: CORSOptions) => {',
    '  return async function cors(c: Context, next: () => Promise<void>) {',
    "    c.header('Access-Control-Allow-Origin', String(options.origin))",
    "    if (c.req.method === 'OPTIONS') {",
    "      c.header('Access-Control-Allow-Methods', (options.allowMethods ?? ['GET']).join(','))",
    '      return c.body(null, 204)',
    '    }',
    '    await next()',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/context.ts': 'export interface Context { header(name: string, value: string): void; req: { method: string }; body(b: null, s: number): unknown }\n',
  'src/index.ts': [
    "export { cors } from './middleware/cors'",
    "export type { CORSOptions } from './middleware/cors'",
    "export * from './context'",
    "import { cors } from './middleware/cors'",
    'export default cors',
    '',
  ].join('\n'),
  'pkg/__init__.py': [
    'from .core import Engine, start',
    'from .util import helper',
    '',
    "__all__ = ['Engine', 'start', 'helper', 'VERSION']",
    "__version__ = '1.0'",
    '',
  ].join('\n'),
  'pkg/core.py': 'class Engine:\n    pass\n\n\ndef start():\n    return Engine()\n',
  'pkg/util.py': 'def helper():\n    return 1\n',
  'empty/__init__.py': '',
  'lib/mod.rs': 'pub mod parse;\npub use parse::Parser;\n',
  'lib/parse.rs': 'pub struct Parser;\n',
  'ui/index.tsx': [
    "export { Button } from './button'",
    "export * from './theme'",
    '',
    '/** The editor: the package entry defines its main component besides re-exporting. */',
    'export function Editor(props: { theme: string; readOnly: boolean }) {',
    "  const className = props.readOnly ? 'editor editor--read-only' : 'editor'",
    '  return <div className={className} data-theme={props.theme} />',
    '}',
    '',
  ].join('\n'),
  'ui/button.tsx': 'export function Button() { return <button /> }\n',
  'ui/theme.ts': "export const THEME = 'light'\n",
  'types/connect.d.ts': 'export interface Server { listen(port: number): void }\nexport declare function connect(): Server\n',
  'src/shims.d.mts': "declare module 'virtual:routes' { export const routes: string[] }\n",
};

let dir: TempDir | null = null;
let reader: CuratedReader | null = null;
afterEach(() => {
  reader?.close();
  dir?.remove();
  reader = null;
  dir = null;
});

async function indexed(): Promise<CuratedReader> {
  dir = tempDir('cairn-priors-');
  for (const [path, text] of Object.entries(FILES)) dir.write(path, text);
  const context = await openRepo({ repo: dir.path, env: {} });
  await drainIndex(runIndex(context, { workers: 0 }));
  reader = openReader(context);
  return reader;
}

function priorOf(index: CuratedReader, path: string, context: PriorContext = NOT_ABOUT_ANYTHING): number {
  const file = index.file(path);
  if (file === null) throw new Error(`${path} was not indexed`);
  return filePrior(file, context, (entry) => ({ symbols: index.symbolsOfFile(entry), imports: index.importsOf(entry) }));
}

describe('the package-entry prior', () => {
  it('leaves an index.ts that holds the implementation at full weight', async () => {
    const index = await indexed();
    expect(priorOf(index, 'src/middleware/cors/index.ts')).toBe(1);
  });

  it('ranks entry files that only gather other modules lower: a barrel, an __init__.py, a mod.rs', async () => {
    const index = await indexed();
    expect(priorOf(index, 'src/index.ts')).toBe(0.75);
    expect(priorOf(index, 'pkg/__init__.py')).toBe(0.75);
    expect(priorOf(index, 'lib/mod.rs')).toBe(0.75);
  });

  it('does not touch ordinary files, or an empty marker that re-exports nothing', async () => {
    const index = await indexed();
    expect(priorOf(index, 'pkg/core.py')).toBe(1);
    expect(priorOf(index, 'empty/__init__.py')).toBe(1);
  });
});

describe('the declaration-file prior', () => {
  it('ranks .d.ts and .d.mts files below the code they describe', async () => {
    const index = await indexed();
    expect(priorOf(index, 'types/connect.d.ts')).toBe(0.4);
    expect(priorOf(index, 'src/shims.d.mts')).toBe(0.4);
    expect(priorOf(index, 'src/context.ts')).toBe(1);
  });

  it('keeps them near full weight when the task title is about typings or declarations', async () => {
    const index = await indexed();
    const aboutTypes = priorContext('fix(typings): connect() returns the server', '');
    expect(aboutTypes.aboutTypes).toBe(true);
    expect(priorOf(index, 'types/connect.d.ts', aboutTypes)).toBe(0.9);
    expect(priorContext('fix: the server listens twice', '').aboutTypes).toBe(false);
    // In a TypeScript repository "types" are written in its source files.
    expect(priorContext('fix(types): infer the context of a procedure', '').aboutTypes).toBe(false);
  });
});

describe('a task about exports', () => {
  const aboutExports = priorContext('fix(server): missing export from the internal package', '');

  it('is told from the export of a picture or a document', () => {
    expect(aboutExports.aboutExports).toBe(true);
    expect(priorContext('feat: expose image size config', '').aboutExports).toBe(true);
    expect(priorContext('chore: export Fonts helper class', '').aboutExports).toBe(true);
    expect(priorContext('fix(react): switch to export type *', '').aboutExports).toBe(true);
    expect(priorContext('fix: arrows are blurry in PNG export', '').aboutExports).toBe(false);
    expect(priorContext('feat: sync export theme with ui theme', '').aboutExports).toBe(false);
    expect(priorContext('fix: invisible labels in exported SVG', '').aboutExports).toBe(false);
  });

  it('ranks a barrel higher instead of lower, and only a barrel', async () => {
    const index = await indexed();
    expect(priorOf(index, 'src/index.ts', aboutExports)).toBe(1.5);
    // A package entry that re-exports is the surface even when it defines a component too.
    expect(priorOf(index, 'ui/index.tsx', aboutExports)).toBe(1.5);
    expect(priorOf(index, 'ui/index.tsx')).toBe(1);
    expect(priorOf(index, 'src/middleware/cors/index.ts', aboutExports)).toBe(1);
    expect(priorOf(index, 'src/context.ts', aboutExports)).toBe(1);
  });

  it('takes the barrels of the repository as candidates, those of the named packages when some are named', async () => {
    const index = await indexed();
    expect([...exportHubs(index, []).keys()]).toEqual(['src/index.ts', 'ui/index.tsx']);
    expect([...exportHubs(index, ['pkg']).keys()]).toEqual([]);
  });
});
