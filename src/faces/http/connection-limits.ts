// What Node's HTTP server does before Hono sees a request, bounded and answered in the
// API's own error form `{error: {code, message, hint}}`:
// - time: the headers must arrive within `headersMs`, the whole request (headers and body)
//   within `headersMs + bodyMs` — a client announcing a longer body than it sends, or
//   sending it a byte at a time, is answered 408 and dropped instead of holding the
//   connection for the whole request timeout (which bounds the work, not the reading);
// - malformed requests that Node's parser refuses (a negative Content-Length, a request
//   line or headers over 16 KiB, bytes that are not HTTP) and requests whose Host the
//   adapter cannot make a URL of (`Host: [::ffff:127.0.0.1]`) were answered with an empty
//   body: now 400 or 431 in JSON;
// - a request without a Host header reaches the API (Node would answer 400 with no body),
//   which refuses it in JSON (auth.ts).

import { RequestError } from '@hono/node-server';
import type { Server, ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../../logging/logger.js';
import { errorBody, type HttpErrorCode } from './errors.js';

export interface ReadLimits {
  /** Until the request's headers are in. */
  headersMs: number;
  /** Beyond that, until its body is in. */
  bodyMs: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = { headersMs: 10_000, bodyMs: 20_000 };

/** Node's own cap on a request line plus headers (its default), named in the 431 answer. */
export const MAX_HEADER_BYTES = 16 * 1024;

export function serverOptions(limits: ReadLimits): ServerOptions {
  return {
    requireHostHeader: false,
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: limits.headersMs,
    requestTimeout: limits.headersMs + limits.bodyMs,
    // How often Node looks for requests past those limits (its default is 30 s).
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersMs / 4))),
  };
}

interface ClientErrorAnswer {
  status: number;
  reason: string;
  code: HttpErrorCode;
  message: string;
  hint: string;
}

/** The answer to what Node's parser refused, or null when there is no one to answer (the client left). */
export function clientErrorAnswer(error: NodeJS.ErrnoException, limits: ReadLimits): ClientErrorAnswer | null {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
    case 'HPE_INVALID_EOF_STATE':
      return null;
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, reason: 'Request Header Fields Too Large', code: 'HEADERS_TOO_LARGE', message: `request line and headers over ${MAX_HEADER_BYTES / 1024} KiB`, hint: 'send a shorter URL and fewer or shorter headers; put long input in a JSON body' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, reason: 'Request Timeout', code: 'REQUEST_TIMEOUT', message: `the request was not received in time (headers within ${limits.headersMs} ms, the body within ${limits.bodyMs} ms more)`, hint: 'send the whole request at once, with a Content-Length that matches the body' };
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return { status: 400, reason: 'Bad Request', code: 'INVALID_REQUEST', message: 'invalid Content-Length header', hint: 'send one Content-Length: the body length in bytes, a non-negative integer' };
    default:
      return { status: 400, reason: 'Bad Request', code: 'INVALID_REQUEST', message: `malformed HTTP request (${error.code ?? 'parse error'})`, hint: 'send an HTTP/1.1 request: see GET /openapi.json' };
  }
}

/** Answers parser errors in JSON on the raw socket, once, then closes it. */
export function answerClientErrors(server: Server, limits: ReadLimits, logger: Logger): void {
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answer = clientErrorAnswer(error, limits);
    if (answer === null || answered.has(socket) || !socket.writable) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    logger.info({ status: answer.status, code: error.code }, 'request refused by the HTTP parser');
    const body = JSON.stringify(errorBody(answer.code, answer.message, answer.hint));
    socket.end(`HTTP/1.1 ${answer.status} ${answer.reason}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

/**
 * The adapter's answer when it cannot make a Request of what came in (a Host header that is
 * no host: RequestError) or the app itself failed (never expected: Hono answers its errors).
 */
export function adapterErrorAnswer(error: unknown): Response {
  if (error instanceof RequestError) {
    return Response.json(errorBody('INVALID_REQUEST', error.message.toLowerCase(), 'send a Host header naming a host (e.g. Host: 127.0.0.1:4321) and a path starting with /'), { status: 400 });
  }
  return Response.json(errorBody('INTERNAL', 'internal error', 'this is a bug in cairn: the server log has the details'), { status: 500 });
}
