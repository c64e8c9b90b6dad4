import { describe, expect, it } from 'vitest';
import { parseStackFrames } from './stack-frames.js';

describe('parseStackFrames', () => {
  it('reads a Python traceback innermost first', () => {
    const trace = [
      'Traceback (most recent call last):',
      '  File "/home/me/run.py", line 3, in <module>',
      '    main()',
      '  File "/usr/lib/python3.11/site-packages/dask/local.py", line 512, in get_async',
      '    raise_exception(exc, tb)',
      '  File "/usr/lib/python3.11/site-packages/dask/local.py", line 318, in reraise',
      'ValueError: boom',
    ].join('\n');
    expect(parseStackFrames(trace)).toEqual([
      { path: '/usr/lib/python3.11/site-packages/dask/local.py', line: 318, func: 'reraise', language: 'python', depth: 0 },
      { path: '/usr/lib/python3.11/site-packages/dask/local.py', line: 512, func: 'get_async', language: 'python', depth: 1 },
      { path: '/home/me/run.py', line: 3, func: '<module>', language: 'python', depth: 2 },
    ]);
  });

  it('reads V8 frames with and without a function, dropping node: internals', () => {
    const trace = [
      'TypeError: x is not a function',
      '    at formatPrice (/app/web/src/format.ts:2:10)',
      '    at async describeCart (file:///app/web/src/api.ts:14:3)',
      '    at /app/web/src/main.ts:7:1',
      '    at node:internal/process/task_queues:95:5',
    ].join('\n');
    expect(parseStackFrames(trace)).toEqual([
      { path: '/app/web/src/format.ts', line: 2, func: 'formatPrice', language: 'javascript', depth: 0 },
      { path: '/app/web/src/api.ts', line: 14, func: 'describeCart', language: 'javascript', depth: 1 },
      { path: '/app/web/src/main.ts', line: 7, func: null, language: 'javascript', depth: 2 },
    ]);
  });

  it('reads Java frames into package paths', () => {
    const frames = parseStackFrames('Exception in thread "main" java.lang.NullPointerException\n\tat com.acme.shop.Cart.total(Cart.java:42)\n\tat com.acme.Main.main(Main.java:7)');
    expect(frames.map((f) => [f.path, f.line, f.func, f.depth])).toEqual([
      ['com/acme/shop/Cart.java', 42, 'com.acme.shop.Cart.total', 0],
      ['com/acme/Main.java', 7, 'com.acme.Main.main', 1],
    ]);
  });

  it('reads Go goroutine traces', () => {
    const trace = 'panic: boom\n\ngoroutine 1 [running]:\nmain.(*Server).Start(0xc000010000)\n\t/home/me/app/server.go:42 +0x1d\nmain.main()\n\t/home/me/app/main.go:9 +0x25';
    expect(parseStackFrames(trace).map((f) => [f.path, f.line, f.func, f.depth])).toEqual([
      ['/home/me/app/server.go', 42, 'main.(*Server).Start', 0],
      ['/home/me/app/main.go', 9, 'main.main', 1],
    ]);
  });

  it('reads Rust panics and backtraces', () => {
    const trace = "thread 'main' panicked at src/parser.rs:88:9:\nindex out of bounds\nstack backtrace:\n   0: app::parser::parse\n             at ./src/parser.rs:88:9\n   1: app::main\n             at ./src/main.rs:5:5";
    expect(parseStackFrames(trace).map((f) => [f.path, f.line, f.func, f.depth])).toEqual([
      ['src/parser.rs', 88, null, 0],
      ['./src/parser.rs', 88, 'app::parser::parse', 1],
      ['./src/main.rs', 5, 'app::main', 2],
    ]);
  });
});
