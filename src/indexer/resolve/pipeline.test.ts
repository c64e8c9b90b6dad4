// End to end over the fixture repositories: extract each file with the regex extractor,
// resolve its imports against the repository, then resolve its references.

import { describe, expect, it } from 'vitest';
import type { ImportRecord, Language, RawReference, SymbolRecord } from '../../core/entities.js';
import { loadFixture } from '../../../test/fixtures/resolve/load-fixture.js';
import { regexExtract } from '../languages/regex/index.js';
import { buildResolveContext } from './context.js';
import { extOf } from './paths.js';
import { resolveReferences } from './references.js';
import { resolveImports } from './resolve.js';
import { inMemorySymbolTable } from './symbol-table.js';

const LANGUAGE_BY_EXTENSION: Record<string, Language> = {
  '.ts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.py': 'python',
  '.go': 'go',
  '.rs': 'rust',
  '.java': 'java',
};

function indexFixture(name: string) {
  const repo = loadFixture(name);
  const ctx = buildResolveContext(repo.root, repo.paths, repo.readText);
  const symbols: SymbolRecord[] = [];
  const imports: ImportRecord[] = [];
  const references: RawReference[] = [];
  for (const path of repo.paths) {
    const language = LANGUAGE_BY_EXTENSION[extOf(path)];
    if (!language) continue;
    const extraction = regexExtract(language, path, repo.readText(path) ?? '');
    symbols.push(...extraction.symbols);
    imports.push(...resolveImports(extraction.imports, ctx));
    references.push(...extraction.references);
  }
  return { symbols, imports, references };
}

function importTable(imports: ImportRecord[]): string[] {
  return imports.map((i) => `${i.fromPath}: ${i.specifier} -> ${i.toPaths.join(', ') || '-'}`);
}

describe('extract → resolve imports → resolve references', () => {
  it('ts-monorepo: every import as written in the sources', () => {
    const { imports } = indexFixture('ts-monorepo');
    expect(importTable(imports)).toEqual([
      'apps/admin/main.js: #lib/a -> apps/admin/lib/a.js',
      'apps/admin/main.js: ./lib/b.cjs -> apps/admin/lib/b.cjs',
      'apps/web/src/components/index.tsx: ./Button -> apps/web/src/components/Button.tsx',
      'apps/web/src/main.ts: ./util -> apps/web/src/util.ts',
      'apps/web/src/main.ts: ./components -> apps/web/src/components/index.tsx',
      'apps/web/src/main.ts: ./esm.js -> apps/web/src/esm.ts',
      'apps/web/src/main.ts: ~/util -> apps/web/src/util.ts',
      'apps/web/src/main.ts: @acme/shared -> packages/shared/src/index.ts',
      'apps/web/src/main.ts: @acme/shared/strings -> packages/shared/src/strings.ts',
      'apps/web/src/main.ts: @acme/ui -> packages/ui/src/index.ts',
      'apps/web/src/main.ts: @acme/ui/button -> packages/ui/src/button.ts',
      'apps/web/src/main.ts: ./types -> apps/web/src/types.d.ts',
      'apps/web/src/main.ts: react -> -',
      'apps/web/src/main.ts: ./data.json -> apps/web/src/data.json',
      'packages/errors/src/index.ts: ./codes -> packages/errors/src/codes.ts',
      'packages/errors/test/errors.test.ts: ../lib -> packages/errors/src/index.ts',
      'packages/errors/test/errors.test.ts: ../lib/codes -> packages/errors/src/codes.ts',
      'scripts/build.mjs: lib/legacy -> lib/legacy.js',
      'scripts/build.mjs: @app/util -> apps/web/src/util.ts',
      'scripts/build.mjs: node:path -> -',
    ]);
  });

  it('python-src: imports and the calls they make resolvable', () => {
    const { symbols, imports, references } = indexFixture('python-src');
    expect(importTable(imports)).toEqual([
      'scripts/tool.py: acme.plugins.extra -> src/acme/plugins/extra.py',
      'scripts/tool.py: os -> -',
      'scripts/tool.py: nspkg.tool -> lib/nspkg/tool.py',
      'src/acme/util/__init__.py: .text -> src/acme/util/text.py',
      'src/acme/util/numbers.py: .text -> src/acme/util/text.py',
      'src/acme/util/text.py: . -> src/acme/util/__init__.py, src/acme/util/numbers.py',
      'src/acme/util/text.py: ..core -> src/acme/core.py',
      'tests/test_core.py: acme.core -> src/acme/core.py',
      'tests/test_core.py: helpers -> tests/helpers.py',
      'tests/test_core.py: acme.util -> src/acme/util/__init__.py, src/acme/util/text.py',
    ]);
    const edges = resolveReferences(references, inMemorySymbolTable(symbols, imports));
    expect(edges.map((e) => `${e.fromKey} -> ${e.toKey} @${e.confidence}`)).toEqual([
      'tests/test_core.py::test_engine -> src/acme/core.py::Engine @0.9',
      'tests/test_core.py::test_engine -> src/acme/util/text.py::slugify @1',
      'tests/test_core.py::test_engine -> tests/helpers.py::helper @0.9',
    ]);
  });

  it('go-mod, rust-crate, java-app: imports as written in the sources', () => {
    expect(importTable(indexFixture('go-mod').imports)).toEqual([
      'internal/cart/cart_test.go: testing -> -',
      'main.go: fmt -> -',
      'main.go: example.com/shop/internal/cart -> internal/cart/cart.go, internal/cart/items.go',
      'main.go: example.com/shop/pkg/money -> pkg/money/money.go',
    ]);
    expect(importTable(indexFixture('rust-crate').imports)).toEqual([
      'crates/helper/src/lib.rs: mod:parse -> crates/helper/src/parse.rs',
      'src/lib.rs: mod:net -> src/net/mod.rs',
      'src/lib.rs: mod:util -> src/util.rs',
      'src/lib.rs: util -> src/util.rs',
      'src/net/http.rs: super -> src/net/mod.rs',
      'src/net/http.rs: crate::util -> src/util.rs',
      'src/net/mod.rs: mod:http -> src/net/http.rs',
      'src/util.rs: mod:fmt_helpers -> src/util/fmt_helpers.rs',
      'tests/integration.rs: mod:common -> tests/common/mod.rs',
    ]);
    expect(importTable(indexFixture('java-app').imports)).toEqual([
      'src/main/java/com/acme/app/App.java: com.acme.model.User -> src/main/java/com/acme/model/User.java',
      'src/main/java/com/acme/app/App.java: com.acme.model -> src/main/java/com/acme/model/Role.java, src/main/java/com/acme/model/User.java, src/test/java/com/acme/model/UserTest.java',
      'src/main/java/com/acme/app/App.java: com.acme.util.Strings -> src/main/java/com/acme/util/Strings.java',
      'src/main/java/com/acme/app/App.java: java.util.List -> -',
    ]);
  });
});
