// The MCP server in-process over a served repository, and an SDK client linked to it through
// the in-memory transport.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ServedRepo } from '../../src/serve/live.js';
import { createMcpServer } from '../../src/faces/mcp/server.js';
import { silentLogging } from '../../src/logging/logger.js';
import { createO200kCounter } from '../../src/tokenizer/tokens.js';

export async function linkedMcpClient(repo: ServedRepo, options: { maxTokens: number; name: string }): Promise<Client> {
  const server = createMcpServer({ repo: Promise.resolve(repo), counter: createO200kCounter(), maxTokens: options.maxTokens, logger: silentLogging().logger, version: 'test' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: options.name, version: '1' });
  await client.connect(clientSide);
  return client;
}
