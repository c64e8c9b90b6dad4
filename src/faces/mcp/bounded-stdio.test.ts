import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BoundedStdioServerTransport } from './bounded-stdio.js';

async function harness(maxLineBytes = 1000) {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new BoundedStdioServerTransport(input, output, maxLineBytes);
  const messages: unknown[] = [];
  const errors: string[] = [];
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error.message);
  await transport.start();
  const written: string[] = [];
  output.on('data', (chunk: Buffer) => written.push(...chunk.toString().split('\n').filter(Boolean)));
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { input, transport, messages, errors, answers: () => written.map((line) => JSON.parse(line) as { id?: unknown; error?: { code: number; message: string } }), settle };
}

const request = (id: number, pad = '') => JSON.stringify({ method: 'tools/call', params: { name: 'x', arguments: { pad } }, jsonrpc: '2.0', id });

describe('BoundedStdioServerTransport', () => {
  it('delivers messages split across chunks and CRLF lines', async () => {
    const h = await harness();
    const line = `${request(1)}\r\n${request(2)}\n`;
    h.input.write(line.slice(0, 17));
    h.input.write(line.slice(17));
    await h.settle();
    expect(h.messages).toHaveLength(2);
    expect(h.answers()).toEqual([]);
  });

  it('a line over the limit is skipped as it streams, answered with its id, and the next message is read', async () => {
    const h = await harness();
    const big = request(7, 'a'.repeat(5000));
    for (let at = 0; at < big.length; at += 300) h.input.write(big.slice(at, at + 300));
    h.input.write(`\n${request(8)}\n`);
    await h.settle();
    expect(h.answers()).toEqual([{ jsonrpc: '2.0', id: 7, error: { code: -32600, message: expect.stringContaining('over the 1000-byte limit') } }]);
    expect(h.messages).toEqual([JSON.parse(request(8))]);
    const headFirst = JSON.stringify({ jsonrpc: '2.0', id: 'call-9', method: 'tools/call', params: { pad: 'b'.repeat(5000) } });
    h.input.write(`${headFirst}\n`);
    await h.settle();
    expect(h.answers()[1]).toMatchObject({ id: 'call-9', error: { code: -32600 } });
  });

  it('answers a line that is not JSON (-32700) and JSON that is not JSON-RPC (-32600), and reads on', async () => {
    const h = await harness();
    h.input.write('not json at all\n{"id":3,"hello":"world"}\n\n');
    h.input.write(`${request(4)}\n`);
    await h.settle();
    expect(h.answers()).toEqual([
      { jsonrpc: '2.0', error: { code: -32700, message: 'parse error: the line is not JSON' } },
      { jsonrpc: '2.0', id: 3, error: { code: -32600, message: expect.stringContaining('not a JSON-RPC 2.0 message') } },
    ]);
    expect(h.messages).toHaveLength(1);
    expect(h.errors).toHaveLength(2);
  });
});
