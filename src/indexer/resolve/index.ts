// Public surface of import and reference resolution.

export { affectsResolveContext, buildResolveContext, type ResolveContext } from './context.js';
export { resolveImport, resolveImports } from './resolve.js';
export { inMemorySymbolTable, type SymbolLookup } from './symbol-table.js';
export { ReferenceResolver, resolveReferences, type Target } from './references.js';
export { aggregateFileEdges, type FileEdge } from './file-edges.js';
export {
  changedNames,
  planReferenceRefresh,
  refreshReferences,
  type FileChange,
  type ReferenceSource,
  type RefreshPlan,
  type RefreshResult,
} from './refresh.js';
