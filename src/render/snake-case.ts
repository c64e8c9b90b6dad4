// Episode memory's JSON uses the design's field names (`entity_key`, `artifact_hash`,
// `is_stale`, ...), the names the HTTP and MCP faces will serve too; the TypeScript types
// keep camelCase. Object keys are converted at every depth; values never are.

function snake(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) out[snake(key)] = snakeKeys(entry);
  return out;
}
