import { describe, expect, it } from 'vitest';
import type { DocChunk } from '../../core/entities.js';
import { buildMentionIndex, moduleNames, type MentionSymbol } from './mention-index.js';
import { findDocMentions } from './mentions.js';

const PATHS = [
  'README.md',
  'LICENSE',
  'setup.py',
  'docs/guide/intro.md',
  'docs/guide/setup.md',
  'src/cairn/core/tokens.ts',
  'src/cairn/search/tokens.ts',
  'src/cairn/core/errors.ts',
  'pkg/a/util.py',
  'pkg/b/util.py',
  'dask/__init__.py',
  'dask/base.py',
  'dask/dataframe/__init__.py',
  'dask/dataframe/core.py',
  'src/prefect/flows.py',
  'src/prefect/deployments.py',
  'src/main/java/com/acme/Widget.java',
  ...[1, 2, 3, 4, 5, 6].map((n) => `jobs/j${n}.py`),
];

function symbol(path: string, qualifiedName: string): MentionSymbol {
  return { key: `${path}::${qualifiedName}`, name: qualifiedName.split('.').pop()!, qualifiedName, path };
}

const SYMBOLS = [
  symbol('dask/dataframe/core.py', 'DataFrame'),
  symbol('dask/dataframe/core.py', 'DataFrame.groupby'),
  symbol('dask/dataframe/core.py', 'map_partitions'),
  symbol('dask/base.py', 'compute'),
  symbol('src/prefect/flows.py', 'Flow'),
  symbol('src/prefect/flows.py', 'Flow.serve'),
  symbol('src/prefect/deployments.py', 'Deployment.serve'),
  symbol('src/prefect/flows.py', 'get'),
  symbol('src/main/java/com/acme/Widget.java', 'Widget'),
  ...[1, 2, 3, 4, 5, 6].map((n) => symbol(`jobs/j${n}.py`, 'Job.execute')),
  symbol('dask/base.py', 'persist'),
  symbol('dask/base.py', 'DaskMethodsMixin.persist'),
  symbol('dask/tests/test_base.py', 'persist'),
  symbol('dask/_vendor/tlz.py', 'persist'),
  symbol('src/prefect/blocks.py', 'Block.load'),
  symbol('src/prefect/render.py', 'render'),
  symbol('src/prefect/render.py', 'Template.render'),
  ...[1, 2, 3, 4, 5, 6].map((n) => symbol(`tests/test_r${n}.py`, 'render')),
];

const index = buildMentionIndex(PATHS, SYMBOLS);

function mentions(path: string, text: string): [string, string | null, string][] {
  const chunk: DocChunk = { id: `${path}#0`, path, headingPath: [], text, startLine: 1, endLine: 1 };
  const links = findDocMentions(chunk, index);
  for (const link of links) expect([link.chunkId, link.fromPath]).toEqual([chunk.id, path]);
  return links.map((link) => [link.toPath, link.toKey, link.mention]);
}

describe('moduleNames', () => {
  it('maps module files to dotted names, also below source roots', () => {
    expect(moduleNames('dask/dataframe/core.py')).toEqual(['dask.dataframe.core']);
    expect(moduleNames('dask/dataframe/__init__.py')).toEqual(['dask.dataframe']);
    expect(moduleNames('src/prefect/flows.py')).toEqual(['src.prefect.flows', 'prefect.flows']);
    expect(moduleNames('src/main/java/com/acme/Widget.java')).toEqual([
      'src.main.java.com.acme.Widget',
      'main.java.com.acme.Widget',
      'com.acme.Widget',
    ]);
    expect(moduleNames('ui/src/app.ts')).toEqual([]);
    expect(moduleNames('scripts/my-tool.py')).toEqual([]);
  });
});

describe('findDocMentions: files', () => {
  it('finds full paths, unique suffixes, relative links, repository URLs and unique code file names', () => {
    const text = [
      'See `src/cairn/core/tokens.ts` and core/errors.ts.',
      'Read [setup](../guide/setup.md), [intro](./intro.md) and',
      '[flows](https://github.com/o/r/blob/main/src/prefect/flows.py#L10).',
      'Also `errors.ts`, `tokens.ts` (two files), tokens.ts (prose), a/util.py, util.py and README.md.',
    ].join('\n');
    expect(mentions('docs/guide/intro.md', text)).toEqual([
      ['src/cairn/core/tokens.ts', null, 'src/cairn/core/tokens.ts'],
      ['src/cairn/core/errors.ts', null, 'core/errors.ts'],
      ['docs/guide/setup.md', null, '../guide/setup.md'],
      ['src/prefect/flows.py', null, 'https://github.com/o/r/blob/main/src/prefect/flows.py#L10'],
      ['pkg/a/util.py', null, 'a/util.py'],
      ['README.md', null, 'README.md'],
    ]);
  });

  it('finds a unique code file name written as code', () => {
    expect(mentions('README.md', 'Edit `errors.ts` or `Widget.java`; not `setup.md`.')).toEqual([
      ['src/cairn/core/errors.ts', null, 'errors.ts'],
      ['src/main/java/com/acme/Widget.java', null, 'Widget.java'],
    ]);
  });

  it('ignores paths that leave the repository, ambiguous suffixes and anchors', () => {
    expect(mentions('docs/guide/intro.md', '[x](../../../etc/passwd) core/tokens.ts [top](#top) [m](mailto:a@b.c)')).toEqual([
      ['src/cairn/core/tokens.ts', null, 'core/tokens.ts'],
    ]);
    expect(mentions('README.md', 'cairn/search/tokens.ts and search/tokens.ts but not /tokens.ts')).toEqual([
      ['src/cairn/search/tokens.ts', null, 'cairn/search/tokens.ts'],
    ]);
  });
});

describe('findDocMentions: modules and symbols', () => {
  it('maps dotted module paths to files, and what follows to symbols in them', () => {
    const text = 'Use dask.dataframe.core, then `dask.dataframe.core.DataFrame.groupby` or prefect.flows.Flow; com.acme.Widget too.';
    expect(mentions('docs/api.md', text)).toEqual([
      ['dask/dataframe/core.py', null, 'dask.dataframe.core'],
      ['dask/dataframe/core.py', 'dask/dataframe/core.py::DataFrame.groupby', 'dask.dataframe.core.DataFrame.groupby'],
      ['src/prefect/flows.py', 'src/prefect/flows.py::Flow', 'prefect.flows.Flow'],
      ['src/main/java/com/acme/Widget.java', 'src/main/java/com/acme/Widget.java::Widget', 'com.acme.Widget'],
    ]);
  });

  it('links a package when what follows is unknown, but not a lone top-level package', () => {
    expect(mentions('docs/api.md', 'dask.dataframe.Missing and dask.unknown and dask.compute')).toEqual([
      ['dask/dataframe/__init__.py', null, 'dask.dataframe.Missing'],
    ]);
    expect(mentions('docs/api.md', 'but `dask.compute` is written as code')).toEqual([
      ['dask/base.py', 'dask/base.py::compute', 'dask.compute'],
    ]);
  });

  it('finds names written as code: backticks, calls, Class.method', () => {
    const text = 'Call `compute()` and map_partitions(df); the `DataFrame` class; `Flow.serve`; Flow.serve in prose.';
    expect(mentions('docs/api.md', text)).toEqual([
      ['dask/base.py', 'dask/base.py::compute', 'compute'],
      ['dask/dataframe/core.py', 'dask/dataframe/core.py::map_partitions', 'map_partitions'],
      ['dask/dataframe/core.py', 'dask/dataframe/core.py::DataFrame', 'DataFrame'],
      ['src/prefect/flows.py', 'src/prefect/flows.py::Flow.serve', 'Flow.serve'],
    ]);
  });

  it('skips bare names that are short, written as prose, or defined in more than five places', () => {
    expect(mentions('docs/api.md', 'The `get` helper, compute as a word, `execute` and execute() are everywhere.')).toEqual([]);
  });

  it('still links a qualified name whose bare name is ambiguous, up to five definitions', () => {
    expect(mentions('docs/api.md', '`serve` is defined twice')).toEqual([
      ['src/prefect/flows.py', 'src/prefect/flows.py::Flow.serve', 'serve'],
      ['src/prefect/deployments.py', 'src/prefect/deployments.py::Deployment.serve', 'serve'],
    ]);
    expect(mentions('docs/api.md', '`Job.execute` is defined six times')).toEqual([]);
  });

  it('falls back to the method name for calls on variables, not on foreign classes', () => {
    expect(mentions('docs/api.md', 'Then `df.groupby(...)`.')).toEqual([
      ['dask/dataframe/core.py', 'dask/dataframe/core.py::DataFrame.groupby', 'df.groupby'],
    ]);
    expect(mentions('docs/api.md', 'block.load() works, S3Bucket.load() is not ours.')).toEqual([
      ['src/prefect/blocks.py', 'src/prefect/blocks.py::Block.load', 'block.load'],
    ]);
  });

  it('prefers definitions in ordinary source, and module-level ones for bare names', () => {
    expect(mentions('docs/api.md', '`persist` and `render`')).toEqual([
      ['dask/base.py', 'dask/base.py::persist', 'persist'],
      ['src/prefect/render.py', 'src/prefect/render.py::render', 'render'],
    ]);
  });

  it('treats a plain word as a mention only when it is the path of a file at the root', () => {
    expect(mentions('docs/api.md', 'See LICENSE and README for details.')).toEqual([['LICENSE', null, 'LICENSE']]);
  });

  it('reads reStructuredText roles and deduplicates per chunk', () => {
    const text = ':func:`~dask.dataframe.core.map_partitions` and :class:`the flow <prefect.flows.Flow>`, again :class:`prefect.flows.Flow`.';
    expect(mentions('docs/api.rst', text)).toEqual([
      ['dask/dataframe/core.py', 'dask/dataframe/core.py::map_partitions', 'dask.dataframe.core.map_partitions'],
      ['src/prefect/flows.py', 'src/prefect/flows.py::Flow', 'prefect.flows.Flow'],
    ]);
  });

  it('scans code examples inside fenced blocks for module paths and calls', () => {
    const text = '```python\nimport dask.dataframe.core as ddc\nresult = ddc.map_partitions(f)\n```';
    expect(mentions('docs/api.md', text)).toEqual([
      ['dask/dataframe/core.py', null, 'dask.dataframe.core'],
      ['dask/dataframe/core.py', 'dask/dataframe/core.py::map_partitions', 'ddc.map_partitions'],
    ]);
  });
});
