// Episode memory's log lines on stderr, one line each: info by default, debug with
// CAIRN_DEBUG=1 or CAIRN_LOG=debug, only warnings with CAIRN_LOG=warn, none with
// CAIRN_LOG=silent (stdout stays the command's answer alone). Names from the repository
// are escaped (core/printable.ts): a line is one line.

import { ConfigError } from '../../core/errors.js';
import { printable } from '../../core/printable.js';
import type { MemoryLog } from '../../memory/ports.js';
import type { Io } from './io.js';

const LEVELS = ['silent', 'warn', 'info', 'debug'] as const;
type Level = (typeof LEVELS)[number];

function levelOf(io: Io): Level {
  const named = io.env['CAIRN_LOG'];
  if (named === undefined || named === '') return io.debug ? 'debug' : 'info';
  if (!(LEVELS as readonly string[]).includes(named)) {
    throw new ConfigError(`CAIRN_LOG is "${named}"`, { hint: `set it to one of ${LEVELS.join(', ')}, or unset it` });
  }
  return named as Level;
}

export function memoryLog(io: Io): MemoryLog {
  const level = LEVELS.indexOf(levelOf(io));
  return {
    warn: (line) => void (level >= 1 && io.err(`cairn: warning: ${printable(line)}\n`)),
    info: (line) => void (level >= 2 && io.err(`cairn: info: ${printable(line)}\n`)),
    debug: (line) => void (level >= 3 && io.err(`cairn: debug: ${printable(line)}\n`)),
  };
}
