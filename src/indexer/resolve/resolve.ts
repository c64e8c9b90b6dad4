// resolveImport: one import record → the repository files it reaches, dispatched on the
// importing file's language (by extension). Results are sorted, deduplicated and never
// name the importing file itself; external or unresolvable imports give [].

import type { ImportRecord } from '../../core/entities.js';
import type { ResolveContext } from './context.js';
import { resolveGoSpecifier } from './go.js';
import { resolveJvmSpecifier } from './jvm.js';
import { resolveInclude, resolvePhp, resolveRuby, resolveShell } from './other.js';
import { extOf, finishPaths } from './paths.js';
import { resolvePythonSpecifier } from './python.js';
import { resolveRustSpecifier } from './rust.js';
import { resolveTsSpecifier } from './typescript.js';

type Resolver = (imp: ImportRecord, ctx: ResolveContext) => string[];

const typescript: Resolver = (imp, ctx) => resolveTsSpecifier(imp.specifier, imp.fromPath, ctx.files, ctx.ts);
const python: Resolver = (imp, ctx) =>
  resolvePythonSpecifier(imp.specifier, imp.names, imp.fromPath, ctx.files, ctx.python);
const go: Resolver = (imp, ctx) => resolveGoSpecifier(imp.specifier, imp.fromPath, ctx.files, ctx.go);
const rust: Resolver = (imp, ctx) => resolveRustSpecifier(imp.specifier, imp.names, imp.fromPath, ctx.files, ctx.rust);
const jvm: Resolver = (imp, ctx) => resolveJvmSpecifier(imp.specifier, imp.names, imp.fromPath, ctx.files);
const include: Resolver = (imp, ctx) => resolveInclude(imp.specifier, imp.fromPath, ctx.files);
const ruby: Resolver = (imp, ctx) => resolveRuby(imp.specifier, imp.fromPath, ctx.files);
const php: Resolver = (imp, ctx) => resolvePhp(imp.specifier, imp.fromPath, ctx.files);
const shell: Resolver = (imp, ctx) => resolveShell(imp.specifier, imp.fromPath, ctx.files);

const BY_EXTENSION: Record<string, Resolver> = {
  '.ts': typescript,
  '.tsx': typescript,
  '.mts': typescript,
  '.cts': typescript,
  '.js': typescript,
  '.jsx': typescript,
  '.mjs': typescript,
  '.cjs': typescript,
  '.vue': typescript,
  '.svelte': typescript,
  '.py': python,
  '.pyi': python,
  '.pyw': python,
  '.go': go,
  '.rs': rust,
  '.java': jvm,
  '.kt': jvm,
  '.kts': jvm,
  '.scala': jvm,
  '.c': include,
  '.h': include,
  '.cc': include,
  '.cpp': include,
  '.cxx': include,
  '.hh': include,
  '.hpp': include,
  '.hxx': include,
  '.m': include,
  '.mm': include,
  '.rb': ruby,
  '.php': php,
  '.sh': shell,
  '.bash': shell,
  '.zsh': shell,
};

export function resolveImport(imp: ImportRecord, ctx: ResolveContext): string[] {
  const resolver = BY_EXTENSION[extOf(imp.fromPath).toLowerCase()];
  if (!resolver) return [];
  return finishPaths(resolver(imp, ctx), imp.fromPath);
}

/** The same records with `toPaths` filled in. */
export function resolveImports(imports: readonly ImportRecord[], ctx: ResolveContext): ImportRecord[] {
  return imports.map((imp) => ({ ...imp, toPaths: resolveImport(imp, ctx) }));
}
