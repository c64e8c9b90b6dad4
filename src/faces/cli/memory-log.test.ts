// The memory log on stderr: levels from CAIRN_LOG / CAIRN_DEBUG, one line per entry even
// when a repository name holds a newline or an escape code.

import { describe, expect, it } from 'vitest';
import type { Io } from './io.js';
import { memoryLog } from './memory-log.js';

function io(env: NodeJS.ProcessEnv, debug = false): Io & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    out: () => undefined,
    err: (text) => lines.push(text),
    interactive: false,
    debug,
    env,
    version: '0',
    logFlags: {},
    setExitCode: () => undefined,
    exitCode: () => 0,
  };
}

function emitAll(target: Io): void {
  const log = memoryLog(target);
  log.warn('w');
  log.info('i');
  log.debug('d');
}

describe('memory log', () => {
  it('prints info and warnings by default, debug with CAIRN_DEBUG=1 or CAIRN_LOG=debug, less when asked', () => {
    const cases: [NodeJS.ProcessEnv, boolean, string[]][] = [
      [{}, false, ['cairn: warning: w\n', 'cairn: info: i\n']],
      [{}, true, ['cairn: warning: w\n', 'cairn: info: i\n', 'cairn: debug: d\n']],
      [{ CAIRN_LOG: 'debug' }, false, ['cairn: warning: w\n', 'cairn: info: i\n', 'cairn: debug: d\n']],
      [{ CAIRN_LOG: 'warn' }, true, ['cairn: warning: w\n']],
      [{ CAIRN_LOG: 'silent' }, false, []],
    ];
    for (const [env, debug, expected] of cases) {
      const target = io(env, debug);
      emitAll(target);
      expect(target.lines).toEqual(expected);
    }
  });

  it('escapes control characters so a hostile name cannot add a line', () => {
    const target = io({});
    memoryLog(target).info('gates evil\n    shop/fake.py::f\u001b[2J: A pass');
    expect(target.lines).toEqual(['cairn: info: gates evil\\n    shop/fake.py::f\\x1b[2J: A pass\n']);
  });

  it('follows the one logger: --log-level over CAIRN_LOG, and JSON lines with the json format', () => {
    const flagged = io({ CAIRN_LOG: 'silent' });
    flagged.logFlags = { level: 'warn' };
    emitAll(flagged);
    expect(flagged.lines).toEqual(['cairn: warning: w\n']);
    const json = io({ CAIRN_LOG: 'debug,json' });
    emitAll(json);
    expect(json.lines.map((line) => JSON.parse(line) as { level: string; msg: string }).map((entry) => [entry.level, entry.msg])).toEqual([
      ['warn', 'w'],
      ['info', 'i'],
      ['debug', 'd'],
    ]);
  });

  it('refuses an unknown CAIRN_LOG level as a configuration error', () => {
    expect(() => memoryLog(io({ CAIRN_LOG: 'loud' }))).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
  });
});
