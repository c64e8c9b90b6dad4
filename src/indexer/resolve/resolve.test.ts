import { describe, expect, it } from 'vitest';
import type { ImportRecord } from '../../core/entities.js';
import { loadFixture } from '../../../test/fixtures/resolve/load-fixture.js';
import { buildResolveContext, type ResolveContext } from './context.js';
import { resolveImport } from './resolve.js';

function contextOf(name: string): ResolveContext {
  const repo = loadFixture(name);
  return buildResolveContext(repo.root, repo.paths, repo.readText);
}

function imp(fromPath: string, specifier: string, names: string[] = []): ImportRecord {
  return { fromPath, specifier, names, line: 1, kind: 'static', toPaths: [] };
}

type Case = [from: string, specifier: string, names: string[], expected: string[]];

function check(ctx: ResolveContext, cases: Case[]): void {
  for (const [from, specifier, names, expected] of cases) {
    expect({ from, specifier, names, got: resolveImport(imp(from, specifier, names), ctx) }).toEqual({
      from,
      specifier,
      names,
      got: expected,
    });
  }
}

describe('TS/JS resolution (ts-monorepo fixture)', () => {
  const ctx = contextOf('ts-monorepo');
  const main = 'apps/web/src/main.ts';

  it('probes extensions, folder index files and the ESM ".js" → ".ts" convention', () => {
    check(ctx, [
      [main, './util', [], ['apps/web/src/util.ts']],
      [main, './components', [], ['apps/web/src/components/index.tsx']],
      [main, './esm.js', [], ['apps/web/src/esm.ts']],
      [main, './types', [], ['apps/web/src/types.d.ts']],
      [main, './data.json', [], ['apps/web/src/data.json']],
      ['apps/web/src/components/index.tsx', './Button', [], ['apps/web/src/components/Button.tsx']],
      ['apps/admin/main.js', './lib/b.cjs', [], ['apps/admin/lib/b.cjs']],
    ]);
  });

  it('uses the nearest tsconfig/jsconfig: own baseUrl and paths, extends chains, paths without baseUrl', () => {
    check(ctx, [
      [main, '~/util', [], ['apps/web/src/util.ts']],
      // apps/web's own baseUrl (./src) makes bare names resolve from src/
      [main, 'esm', [], ['apps/web/src/esm.ts']],
      // apps/web overrides "@shared" with a path relative to its own baseUrl
      [main, '@shared', [], ['packages/shared/src/index.ts']],
      // root tsconfig extends tsconfig.base.json: baseUrl "." and "@app/*"
      ['scripts/build.mjs', '@app/util', [], ['apps/web/src/util.ts']],
      ['scripts/build.mjs', 'lib/legacy', [], ['lib/legacy.js']],
      // jsconfig.json paths without baseUrl are relative to the config's folder
      ['apps/admin/main.js', '#lib/a', [], ['apps/admin/lib/a.js']],
    ]);
  });

  it('resolves workspace packages by name, mapping dist entries back to sources', () => {
    check(ctx, [
      [main, '@acme/shared', [], ['packages/shared/src/index.ts']],
      [main, '@acme/shared/strings', [], ['packages/shared/src/strings.ts']],
      [main, '@acme/ui', [], ['packages/ui/src/index.ts']],
      [main, '@acme/ui/button', [], ['packages/ui/src/button.ts']],
    ]);
  });

  it('resolves imports of build output to the sources it is compiled from (outDir → rootDir, else src/)', () => {
    const test = 'packages/errors/test/errors.test.ts';
    check(ctx, [
      // outDir "lib", rootDir unset: tsc infers src/ from the sources it compiles
      [test, '../lib', ['NOT_FOUND'], ['packages/errors/src/index.ts']],
      [test, '../lib/codes', ['NOT_FOUND'], ['packages/errors/src/codes.ts']],
      [main, '@acme/errors/lib', [], ['packages/errors/src/index.ts']],
      [main, '@acme/errors/lib/codes.js', [], ['packages/errors/src/codes.ts']],
      // outDir "build" from rootDir "source"
      [main, '@acme/core', [], ['packages/core/source/index.ts']],
      [main, '@acme/core/build/util.js', [], ['packages/core/source/util.ts']],
      // a build folder no config names still maps to src/
      [main, '@acme/ui/dist/button.js', [], ['packages/ui/src/button.ts']],
      [test, '../lib/missing', [], []],
    ]);
  });

  it('leaves external packages, missing files and paths above the root unresolved', () => {
    check(ctx, [
      [main, 'react', [], []],
      ['scripts/build.mjs', 'node:path', [], []],
      [main, './missing', [], []],
      [main, '../../../../../x', [], []],
      [main, '', [], []],
    ]);
  });

  it('never returns the importing file itself', () => {
    check(ctx, [['apps/web/src/util.ts', './util', [], []]]);
  });
});

describe('Python resolution (python-src fixture)', () => {
  const ctx = contextOf('python-src');

  it('finds modules and packages under the src/ source root', () => {
    check(ctx, [
      ['tests/test_core.py', 'acme.core', [], ['src/acme/core.py']],
      ['tests/test_core.py', 'acme', [], ['src/acme/__init__.py']],
      ['scripts/tool.py', 'acme.plugins.extra', [], ['src/acme/plugins/extra.py']],
      ['scripts/tool.py', 'os', [], []],
      // lib/ holds a namespace package (no __init__.py anywhere): lib/ is a source root
      ['scripts/tool.py', 'nspkg.tool', [], ['lib/nspkg/tool.py']],
    ]);
  });

  it('adds imported names that are submodules to the module itself', () => {
    check(ctx, [
      ['tests/test_core.py', 'acme.util', ['text', 'slugify'], ['src/acme/util/__init__.py', 'src/acme/util/text.py']],
      ['tests/test_core.py', 'acme', ['util'], ['src/acme/__init__.py', 'src/acme/util/__init__.py']],
      ['tests/test_core.py', 'acme.core', ['*'], ['src/acme/core.py']],
      // a namespace package (no __init__.py) has no file of its own, its submodules do
      ['scripts/tool.py', 'acme.plugins', ['extra'], ['src/acme/plugins/extra.py']],
    ]);
  });

  it('resolves relative imports from the importing file’s package', () => {
    check(ctx, [
      ['src/acme/util/numbers.py', '.text', ['slugify'], ['src/acme/util/text.py']],
      ['src/acme/util/text.py', '.', ['numbers'], ['src/acme/util/__init__.py', 'src/acme/util/numbers.py']],
      ['src/acme/util/text.py', '..core', ['Engine'], ['src/acme/core.py']],
      ['src/acme/util/text.py', '..', ['core'], ['src/acme/__init__.py', 'src/acme/core.py']],
      ['src/acme/util/text.py', '.....', ['x'], []],
    ]);
  });

  it('falls back to the script’s own folder for neighbour imports', () => {
    check(ctx, [['tests/test_core.py', 'helpers', [], ['tests/helpers.py']]]);
  });
});

describe('Go resolution (go-mod fixture)', () => {
  const ctx = contextOf('go-mod');

  it('maps import paths under a module to the package’s non-test files', () => {
    check(ctx, [
      ['main.go', 'example.com/shop/internal/cart', [], ['internal/cart/cart.go', 'internal/cart/items.go']],
      ['main.go', 'example.com/shop/pkg/money', ['m'], ['pkg/money/money.go']],
      ['main.go', 'example.com/shop/tools/gen', [], ['tools/gen/gen.go']],
      ['main.go', 'example.com/shop', [], []],
      ['main.go', 'example.com/shopping/x', [], []],
      ['main.go', 'fmt', [], []],
    ]);
  });
});

describe('Rust resolution (rust-crate fixture)', () => {
  const ctx = contextOf('rust-crate');

  it('resolves `mod x;` next to mod.rs/lib.rs, or in the module folder of a.rs', () => {
    check(ctx, [
      ['src/lib.rs', 'mod:net', ['net'], ['src/net/mod.rs']],
      ['src/lib.rs', 'mod:util', ['util'], ['src/util.rs']],
      ['src/net/mod.rs', 'mod:http', ['http'], ['src/net/http.rs']],
      ['src/util.rs', 'mod:fmt_helpers', ['fmt_helpers'], ['src/util/fmt_helpers.rs']],
      ['tests/integration.rs', 'mod:common', ['common'], ['tests/common/mod.rs']],
      ['src/lib.rs', 'mod:missing', ['missing'], []],
    ]);
  });

  it('resolves crate::, self::, super:: and uniform paths to the deepest module file', () => {
    check(ctx, [
      ['src/util.rs', 'crate::net::http', ['Client'], ['src/net/http.rs']],
      ['src/util.rs', 'crate::net', ['http'], ['src/net/http.rs', 'src/net/mod.rs']],
      // an item inside module net (not a file of its own)
      ['src/util.rs', 'crate::net::Conn', ['new'], ['src/net/mod.rs']],
      ['src/net/http.rs', 'crate::util', ['Formatter'], ['src/util.rs']],
      ['src/net/http.rs', 'super', ['Conn'], ['src/net/mod.rs']],
      ['src/net/mod.rs', 'self::http', ['Client'], ['src/net/http.rs']],
      ['src/lib.rs', 'util', ['Formatter'], ['src/util.rs']],
      ['src/net/http.rs', 'crate', ['util'], ['src/lib.rs', 'src/util.rs']],
    ]);
  });

  it('resolves workspace crates by name (hyphens as underscores) and leaves std alone', () => {
    check(ctx, [
      ['src/lib.rs', 'helper_lib::parse', ['parse_all'], ['crates/helper/src/parse.rs']],
      ['src/lib.rs', 'helper_lib', ['parse'], ['crates/helper/src/lib.rs', 'crates/helper/src/parse.rs']],
      ['src/lib.rs', 'std::collections', ['HashMap'], []],
      ['src/lib.rs', 'serde', ['Serialize'], []],
    ]);
  });
});

describe('Java resolution (java-app fixture)', () => {
  const ctx = contextOf('java-app');
  const app = 'src/main/java/com/acme/app/App.java';
  const model = 'src/main/java/com/acme/model';

  it('resolves classes by path suffix, wildcards to the package folder, statics and nested classes to the class file', () => {
    check(ctx, [
      [app, 'com.acme.model.User', ['User'], [`${model}/User.java`]],
      [app, 'com.acme.model', ['*'], [`${model}/Role.java`, `${model}/User.java`, 'src/test/java/com/acme/model/UserTest.java']],
      [app, 'com.acme.util.Strings', ['join'], ['src/main/java/com/acme/util/Strings.java']],
      [app, 'com.acme.util.Strings', ['*'], ['src/main/java/com/acme/util/Strings.java']],
      [app, 'com.acme.model.User.Builder', ['Builder'], [`${model}/User.java`]],
      [app, 'java.util.List', ['List'], []],
    ]);
  });

  it('sees a package in every source root it spans (main and test)', () => {
    check(ctx, [
      ['src/test/java/com/acme/model/UserTest.java', 'com.acme.model', ['*'], [`${model}/Role.java`, `${model}/User.java`]],
      [`${model}/User.java`, 'com.acme.model', ['*'], [`${model}/Role.java`, 'src/test/java/com/acme/model/UserTest.java']],
    ]);
  });
});
