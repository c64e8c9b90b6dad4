// The program's logger for a command: `--log-level` / `--log-format` win over CAIRN_LOG,
// which wins over the command's default level (warn for one-shot commands, whose own
// stderr lines say what a user needs; info for the long-running servers). Loaded only by
// the commands that log, so the others never pay for the logging library.

import type { Logging, LogLevel, LogSettings } from '../../logging/logger.js';
import type { Io } from './io.js';

export async function openLogging(io: Io, defaultLevel: LogLevel = 'warn'): Promise<Logging> {
  const { createLogging } = await import('../../logging/logger.js');
  return createLogging(await logSettings(io, defaultLevel), (line) => io.err(line));
}

export async function logSettings(io: Io, defaultLevel: LogLevel): Promise<LogSettings & { source: { level: string; format: string } }> {
  const { parseLogVariable } = await import('../../logging/logger.js');
  const fromEnv = parseLogVariable(io.env['CAIRN_LOG']);
  const level = (io.logFlags.level as LogLevel | undefined) ?? fromEnv.level ?? defaultLevel;
  const format = (io.logFlags.format as LogSettings['format'] | undefined) ?? fromEnv.format ?? 'text';
  return {
    level,
    format,
    source: {
      level: io.logFlags.level !== undefined ? 'flag --log-level' : fromEnv.level !== undefined ? 'environment CAIRN_LOG' : 'default',
      format: io.logFlags.format !== undefined ? 'flag --log-format' : fromEnv.format !== undefined ? 'environment CAIRN_LOG' : 'default',
    },
  };
}
