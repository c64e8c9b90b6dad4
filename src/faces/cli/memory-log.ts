// Episode memory's log lines on stderr, one line each: info by default, debug with
// CAIRN_DEBUG=1; the level follows the program's one setting (`--log-level`, else
// CAIRN_LOG, as src/faces/cli/logging.ts reads them), and with `--log-format json` (or
// CAIRN_LOG=…,json) the lines are the one logger's JSON lines. Names from the repository
// are escaped (core/printable.ts): a line is one line.

import { printable } from '../../core/printable.js';
import { LOG_LEVELS, type LogLevel } from '../../logging/levels.js';
import { createLogging, parseLogVariable } from '../../logging/logger.js';
import type { MemoryLog } from '../../operations/memory.js';
import type { Io } from './io.js';

function settingsOf(io: Io): { level: LogLevel; format: 'text' | 'json' } {
  const fromEnv = parseLogVariable(io.env['CAIRN_LOG']);
  const level = (io.logFlags.level as LogLevel | undefined) ?? fromEnv.level ?? (io.debug ? 'debug' : 'info');
  const format = (io.logFlags.format as 'text' | 'json' | undefined) ?? fromEnv.format ?? 'text';
  return { level, format };
}

export function memoryLog(io: Io): MemoryLog {
  const { level, format } = settingsOf(io);
  if (format === 'json') {
    const { logger } = createLogging({ level, format }, (line) => io.err(line));
    return { warn: (line) => logger.warn(line), info: (line) => logger.info(line), debug: (line) => logger.debug(line) };
  }
  const shows = (at: LogLevel): boolean => LOG_LEVELS.indexOf(at) >= LOG_LEVELS.indexOf(level);
  return {
    warn: (line) => void (shows('warn') && io.err(`cairn: warning: ${printable(line)}\n`)),
    info: (line) => void (shows('info') && io.err(`cairn: info: ${printable(line)}\n`)),
    debug: (line) => void (shows('debug') && io.err(`cairn: debug: ${printable(line)}\n`)),
  };
}
