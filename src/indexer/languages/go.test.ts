import { describe, expect, it } from 'vitest';
import { bytesOf, extractSource, importRows, readFixture, referenceRows, symbolNamed, symbolRows } from './test-support.fixture.js';

describe('go extraction', () => {
  const source = readFixture('server.go');
  const extraction = extractSource('go', 'internal/server/server.go', source);

  it('qualifies methods by receiver type and classifies type declarations', () => {
    expect(extraction.parseNote).toBeNull();
    expect(symbolRows(extraction)).toEqual([
      ['Server', 'struct', null, true, 15, 20],
      ['Handler', 'interface', null, true, 24, 27],
      ['ID', 'type', null, true, 28, 28],
      ['Port', 'type', null, true, 31, 31],
      ['DefaultPort', 'constant', null, true, 33, 33],
      ['MinWorkers', 'constant', null, true, 36, 36],
      ['MaxWorkers', 'constant', null, true, 36, 36],
      ['timeout', 'constant', null, false, 37, 37],
      ['ErrClosed', 'constant', null, true, 40, 40],
      ['Server.Start', 'method', 'Server', true, 43, 47],
      ['Server.addr', 'method', 'Server', false, 49, 49],
      ['New', 'function', null, true, 51, 55],
    ]);
  });

  it('takes signatures, docs and UTF-8 byte ranges from the declaration', () => {
    const server = symbolNamed(extraction, 'Server');
    expect(server.signature).toBe('type Server[T any] struct');
    expect(server.doc).toBe('Server serves requests — café ☕.\nIt is safe for concurrent use.');
    expect(bytesOf(source, server).startsWith('type Server[T any] struct {')).toBe(true);
    expect(server.startByte).toBe(Buffer.byteLength(source.slice(0, source.indexOf('type Server'))));
    const start = symbolNamed(extraction, 'Server.Start');
    expect(start.signature).toBe('func (s *Server[T]) Start(ctx context.Context) error');
    expect(start.doc).toBe('Start starts the server.');
    expect(bytesOf(source, start).endsWith('return srv.ListenAndServe(s.addr(), nil)\n}')).toBe(true);
    expect(symbolNamed(extraction, 'Handler').doc).toBe('Handler handles one request.');
    expect(symbolNamed(extraction, 'MaxWorkers').signature).toBe('MinWorkers, MaxWorkers = 1, 64');
    expect(bytesOf(source, symbolNamed(extraction, 'DefaultPort'))).toBe('const DefaultPort Port = 8080');
  });

  it('records import paths with aliases', () => {
    expect(importRows(extraction)).toEqual([
      ['context', [], 5, 'static'],
      ['fmt', [], 6, 'static'],
      ['net/http', ['srv'], 7, 'static'],
      ['embed', ['_'], 8, 'static'],
      ['os', [], 11, 'static'],
    ]);
  });

  it('records calls, types and embedded types; skips builtins and type parameters', () => {
    expect(referenceRows(extraction)).toEqual([
      ['Server', 'Base', null, 'inherit', 16],
      ['Server', 'Logger', 'log', 'inherit', 17],
      ['Server', 'Handler', null, 'type', 19],
      ['Handler', 'Stringer', 'fmt', 'inherit', 25],
      ['Handler', 'Context', 'context', 'type', 26],
      ['DefaultPort', 'Port', null, 'type', 33],
      ['ErrClosed', 'New', 'errors', 'call', 40],
      ['Server.Start', 'Server', null, 'type', 43],
      ['Server.Start', 'Context', 'context', 'type', 43],
      ['Server.Start', 'Handle', 's.handler', 'call', 44],
      ['Server.Start', 'zero', 's', 'call', 44],
      ['Server.Start', 'Println', 'fmt', 'call', 45],
      ['Server.Start', 'ListenAndServe', 'srv', 'call', 46],
      ['Server.Start', 'addr', 's', 'call', 46],
      ['Server.addr', 'Server', null, 'type', 49],
      ['Server.addr', 'Sprintf', 'fmt', 'call', 49],
      ['New', 'Server', null, 'type', 51],
      ['New', 'Config', null, 'type', 52],
    ]);
  });
});
