// The stdio transport of `cairn mcp`, with its faults answered instead of fatal. The SDK's
// own transport closes itself when one line passes its 10 MB buffer — `cairn mcp` then
// exited 0 without a word and the client saw a broken pipe — and only logs a line that is
// not JSON. Here a message line is bounded (`maxLineBytes`): a longer one is skipped as it
// streams in (never held whole) and answered with a JSON-RPC error carrying its id when the
// line shows one; a line that is not JSON, or not JSON-RPC, is answered too; and the server
// reads on. stdout carries JSON-RPC only.

import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Larger than any tool call's arguments (the HTTP face's default body limit is 4 MiB). */
export const MAX_MCP_LINE_BYTES = 8 * 1024 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
/** How much of a skipped line's two ends is kept to find its id. */
const KEPT_ENDS = 4096;

type RequestId = string | number;

export class BoundedStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private length = 0;
  /** While a line over the limit streams past: its size so far and its two ends. */
  private skipping: { bytes: number; head: string; tail: string } | null = null;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxLineBytes: number = MAX_MCP_LINE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer): void => {
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      this.take(chunk.subarray(start, newline));
      this.endLine();
      start = newline + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  };

  private readonly onError = (error: Error): void => this.onerror?.(error);

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onError);
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.chunks = [];
    this.skipping = null;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.skipping !== null) {
      this.skipping.bytes += part.length;
      this.skipping.tail = (this.skipping.tail + part.subarray(Math.max(0, part.length - KEPT_ENDS)).toString('utf8')).slice(-KEPT_ENDS);
      return;
    }
    if (this.length + part.length > this.maxLineBytes) {
      const sofar = Buffer.concat([...this.chunks, part]);
      this.skipping = { bytes: sofar.length, head: sofar.subarray(0, KEPT_ENDS).toString('utf8'), tail: sofar.subarray(Math.max(0, sofar.length - KEPT_ENDS)).toString('utf8') };
      this.chunks = [];
      this.length = 0;
      return;
    }
    this.chunks.push(part);
    this.length += part.length;
  }

  private endLine(): void {
    if (this.skipping !== null) {
      const { bytes, head, tail } = this.skipping;
      this.skipping = null;
      this.refuse(idIn(head, tail), INVALID_REQUEST, `message of ${bytes} bytes is over the ${this.maxLineBytes}-byte limit of cairn mcp: it was not read`);
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.length = 0;
    if (line.trim() === '') return;
    this.deliver(line);
  }

  private deliver(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.refuse(undefined, PARSE_ERROR, 'parse error: the line is not JSON');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.refuse(requestIdOf(value), INVALID_REQUEST, 'invalid request: the line is JSON but not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private refuse(id: RequestId | undefined, code: number, message: string): void {
    this.onerror?.(new Error(message));
    void this.send({ jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message } } as JSONRPCMessage);
  }
}

function requestIdOf(value: unknown): RequestId | undefined {
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}

/** The id of a skipped line, from its start ({"jsonrpc":"2.0","id":7,…) or its end (…,"id":7}), when it shows there. */
function idIn(head: string, tail: string): RequestId | undefined {
  const found = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d{1,15}|"[^"\\]{0,200}")/.exec(head) ?? /"id"\s*:\s*(-?\d{1,15}|"[^"\\]{0,200}")\s*\}\s*$/.exec(tail);
  if (found === null) return undefined;
  return found[1]!.startsWith('"') ? found[1]!.slice(1, -1) : Number(found[1]);
}
