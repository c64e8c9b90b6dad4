// Go import resolution: an import path under a go.mod module path names one folder of
// that module; the import reaches every non-test .go file in that folder.

import { dirOf, joinPath } from './paths.js';
import type { RepoFiles } from './repo-files.js';
import type { ReadText } from './ts-config.js';

export interface GoModule {
  modulePath: string;
  dir: string;
}

export interface GoResolveData {
  /** Longest module path first, so nested modules win over their parents. */
  modules: GoModule[];
}

const MODULE_LINE = /^[ \t]*module[ \t]+("?)([^\s"]+)\1/m;

export function findGoModules(files: RepoFiles, readText: ReadText): GoResolveData {
  const modules: GoModule[] = [];
  for (const path of files.withBaseName('go.mod')) {
    const match = MODULE_LINE.exec(readText(path) ?? '');
    if (match?.[2]) modules.push({ modulePath: match[2], dir: dirOf(path) });
  }
  modules.sort((a, b) => b.modulePath.length - a.modulePath.length || (a.dir < b.dir ? -1 : 1));
  return { modules };
}

export function resolveGoSpecifier(specifier: string, fromPath: string, files: RepoFiles, data: GoResolveData): string[] {
  for (const mod of data.modules) {
    if (specifier !== mod.modulePath && !specifier.startsWith(`${mod.modulePath}/`)) continue;
    const dir = joinPath(mod.dir, specifier.slice(mod.modulePath.length));
    if (dir !== null) return packageFiles(dir, files);
  }
  // Vendored dependencies sit under <module>/vendor/<import path>.
  for (const mod of data.modules) {
    const vendored = joinPath(mod.dir, 'vendor', specifier);
    if (vendored !== null && isUnderModule(fromPath, mod)) {
      const found = packageFiles(vendored, files);
      if (found.length > 0) return found;
    }
  }
  return [];
}

function isUnderModule(path: string, mod: GoModule): boolean {
  return mod.dir === '' || path.startsWith(`${mod.dir}/`);
}

function packageFiles(dir: string, files: RepoFiles): string[] {
  return files.filesIn(dir).filter((p) => p.endsWith('.go') && !p.endsWith('_test.go'));
}
