// Tool definitions eat every conversation's context: their size is measured here, with the
// same o200k counter the budget uses, on the tools/list answer as the server sends it.

import { describe, expect, it } from 'vitest';
import { createO200kCounter } from '../../tokenizer/tokens.js';
import { toolDefinitions } from './server.js';
import { TOOLS } from './tools.js';

/** The bound on the tools/list answer. */
const MAX_TOOLS_LIST_TOKENS = 1500;

describe('the MCP tools', () => {
  it(`list in under ${MAX_TOOLS_LIST_TOKENS} tokens`, () => {
    const tokens = createO200kCounter().count(JSON.stringify({ tools: toolDefinitions() }));
    expect(tokens).toBeLessThan(MAX_TOOLS_LIST_TOKENS);
    expect(tokens).toBeGreaterThan(500); // six real definitions, not an empty list
  });

  it('have short snake_case names that fit under client prefixes (mcp__<server>__<tool> ≤ 64)', () => {
    for (const tool of TOOLS) {
      expect(tool.name).toMatch(/^[a-z][a-z_]*[a-z]$/);
      expect(`mcp__cairn__${tool.name}`.length).toBeLessThanOrEqual(64);
    }
    expect(TOOLS.map((tool) => tool.name)).toEqual(['get_context', 'search_code', 'read_symbol', 'find_references', 'explain', 'diagnose_failure']);
  });

  it('describe every argument, and reject unknown ones', () => {
    for (const definition of toolDefinitions()) {
      const schema = definition.inputSchema as { properties: Record<string, { description?: string; type?: string; enum?: unknown }>; additionalProperties?: boolean };
      expect(schema.additionalProperties).toBe(false);
      for (const [name, property] of Object.entries(schema.properties)) {
        const selfExplaining = property.enum !== undefined || ['limit', 'start_line', 'end_line', 'task_id', 'query'].includes(name);
        if (!selfExplaining) expect(property.description, `${definition.name}.${name}`).toBeTruthy();
      }
    }
  });
});
