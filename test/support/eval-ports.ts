// Test helpers for the evaluation loop: the application's real index ports, and task
// trees written into temp folders.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { drainIndex, openReader, runIndex } from '../../src/app/stores.js';
import { openRepo } from '../../src/app/repo.js';
import type { TaskTree } from '../../src/eval/evaluator.js';
import type { IndexPorts } from '../../src/eval/run-eval.js';

export function realIndexPorts(): IndexPorts {
  const contextOf = (tree: TaskTree) => openRepo({ repo: tree.root, indexDir: tree.indexDir, env: {} });
  return {
    async index(tree, onProgress) {
      await drainIndex(runIndex(await contextOf(tree), { workers: 0 }), onProgress);
    },
    openReader: (tree) => openReader(tree),
  };
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}
