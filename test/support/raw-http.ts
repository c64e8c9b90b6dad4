// Raw HTTP over a loopback socket: for requests fetch() will not send (a negative
// Content-Length, no Host, a body shorter than announced, headers dribbled out) and to see
// exactly what came back and when the server closed the connection.

import { connect } from 'node:net';

export interface RawAnswer {
  /** The status code, or null when nothing (or no status line) came back. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** From the first byte sent to the server closing the connection (or the guard firing). */
  ms: number;
  /** False when the guard ended the wait: the server still held the connection. */
  closedByServer: boolean;
}

/** Sends `parts` (waiting `gapMs` between them) and reads until the server closes, or `guardMs` passes. */
export function rawExchange(url: string, parts: (string | Buffer)[], options: { gapMs?: number; guardMs?: number } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ''));
    const chunks: Buffer[] = [];
    const started = performance.now();
    let done = false;
    const finish = (closedByServer: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(guard);
      socket.destroy();
      resolve({ ...parse(Buffer.concat(chunks).toString('latin1')), ms: Math.round(performance.now() - started), closedByServer });
    };
    const guard = setTimeout(() => finish(false), options.guardMs ?? 10_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? finish(true) : reject(error)));
    void (async () => {
      for (const [index, part] of parts.entries()) {
        if (index > 0 && options.gapMs) await new Promise((next) => setTimeout(next, options.gapMs));
        if (done || socket.destroyed) return;
        socket.write(part);
      }
    })();
  });
}

function parse(raw: string): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const [statusLine, ...lines] = head.split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = end === -1 ? '' : raw.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status: match ? Number(match[1]) : null, headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}

function unchunk(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd === -1) return out;
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (!(size > 0)) return out;
    out += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}
