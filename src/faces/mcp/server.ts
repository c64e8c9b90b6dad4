// `cairn mcp`: an MCP server over one repository. The SDK's low-level Server: tools/list
// answers with the definitions of tools.ts (JSON Schemas generated from the same zod
// schemas that check the arguments), tools/call runs one tool. The first call on a
// repository without an index builds it, reporting progress when the client asked for it
// (`_meta.progressToken`); every call first catches up with the changes the watcher saw.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool as ToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ServedRepo } from '../../serve/live.js';
import { UsageError } from '../../core/errors.js';
import { MAX_JSON_DEPTH, valueTooDeep } from '../../core/json-depth.js';
import type { Logger } from '../../logging/logger.js';
import type { IndexProgressListener } from '../../operations/index-run.js';
import type { TokenCounter } from '../../tokenizer/tokens.js';
import { argumentError, oneLine, toolError } from './errors.js';
import { TOOLS, type Tool, type ToolContext } from './tools.js';
import { acrossNeedsSharedStore, firstOf, oneRepository, type SearchableRepositories } from '../../operations/search-across.js';
import { searchCode } from '../../operations/search.js';

export interface McpServerOptions {
  /** The repository, or why it cannot be served (a rejection: every call answers with it). */
  repo: Promise<ServedRepo>;
  counter: TokenCounter;
  maxTokens: number;
  logger: Logger;
  version: string;
  tools?: Tool[];
  /** The other repositories of the repository's PostgreSQL store (search_code with `repos`); null on the embedded store. */
  published?: (repo: ServedRepo) => SearchableRepositories | null;
}

const INSTRUCTIONS = "cairn indexes this repository. For a coding task, call get_context first: it returns the code the task needs within a token budget.";

/** The tools/list answer: small definitions (their tokens are measured by the tests). */
export function toolDefinitions(tools: Tool[] = TOOLS): ToolDefinition[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: jsonSchema(tool.input, 'input'),
    outputSchema: jsonSchema(tool.output, 'output'),
    annotations: { readOnlyHint: tool.readOnly },
  }));
}

function jsonSchema(schema: z.ZodObject, io: 'input' | 'output'): ToolDefinition['inputSchema'] {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest as ToolDefinition['inputSchema'];
}

export function createMcpServer(options: McpServerOptions): Server {
  const tools = options.tools ?? TOOLS;
  const server = new Server({ name: 'cairn', version: options.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const definitions = toolDefinitions(tools);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: definitions }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = tools.find((candidate) => candidate.name === request.params.name);
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}; tools: ${tools.map((t) => t.name).join(', ')}`);
    const started = performance.now();
    const log = options.logger.child({ tool: tool.name, requestId: String(extra.requestId) });
    try {
      // Before the validator walks them: arguments nested 100,000 deep overflowed its stack (an internal error).
      if (valueTooDeep(request.params.arguments)) throw new UsageError(`${tool.name}: the arguments nest arrays or objects more than ${MAX_JSON_DEPTH} deep`, { hint: 'send flatter arguments: see the tool\'s input schema (tools/list)' });
      const parsed = tool.input.safeParse(request.params.arguments ?? {});
      if (!parsed.success) throw argumentError(tool.name, parsed.error, request.params.arguments);
      const progressToken = extra._meta?.progressToken;
      const onProgress = progressToken === undefined ? undefined : progressSender((params) => extra.sendNotification({ method: 'notifications/progress', params: { progressToken, ...params } }));
      const withIndex: ToolContext['withIndex'] = async (work) => {
        const repo = await options.repo;
        await repo.catchUp();
        return repo.workspace.use(work, onProgress);
      };
      const context: ToolContext = {
        counter: options.counter,
        maxTokens: options.maxTokens,
        withIndex,
        repositories: async () => {
          const repo = await options.repo;
          const store = repo.workspace.context.store;
          const published = options.published?.(repo) ?? null;
          if (store === undefined || published === null) throw acrossNeedsSharedStore();
          return firstOf(oneRepository([store.repository], (input) => withIndex((view) => searchCode(view, input))), published);
        },
      };
      const answer = await tool.run(parsed.data as never, context);
      log.info({ ms: Math.round(performance.now() - started) }, 'tool call');
      return { content: [{ type: 'text', text: answer.text }], structuredContent: answer.structured };
    } catch (error) {
      const result = toolError(error);
      const level = result.content[0]!.text.endsWith('[INTERNAL]') ? 'error' : 'info';
      log[level]({ ms: Math.round(performance.now() - started), ...(level === 'error' ? { err: error } : { failure: result.content[0]!.text }) }, 'tool call failed');
      return { ...result };
    }
  });
  return server;
}

/** Index progress as MCP progress notifications: an increasing count, a line saying what runs, at most one per 100 ms while files are extracted. */
function progressSender(send: (params: { progress: number; total?: number; message: string }) => Promise<void>): IndexProgressListener {
  let count = 0;
  let lastAt = 0;
  return (progress) => {
    const now = Date.now();
    if (progress.phase === 'extract' && progress.done !== progress.total && now - lastAt < 100) return;
    lastAt = now;
    count += 1;
    const message =
      progress.phase === 'scan' ? 'indexing: scanning the repository' : progress.phase === 'extract' ? `indexing: ${progress.done}/${progress.total} files parsed` : `indexing: ${oneLine(progress.step)}`;
    void send({ progress: count, message }).catch(() => undefined);
  };
}
