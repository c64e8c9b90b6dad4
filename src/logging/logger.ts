// The one logger of the program (pino): levels, text or JSON lines, always on stderr so
// that stdout stays a command's output (and, for `cairn mcp`, the JSON-RPC stream).
//
// Three guards keep secrets out of every line, at every level:
// - known secret fields (authorization headers, tokens, API keys) are redacted by name;
// - every secret the process holds (the bearer token of `cairn serve`, the API keys the
//   configuration names) is registered with `protect` and replaced wherever it appears
//   in a line, however it got there (an error message, a URL, a nested object);
// - every value shaped like a credential (a URL with a password, a GitHub token, a private
//   key…) is replaced too — by the same redactor diagnose's evidence passes through
//   (core/redact.ts).
// File contents are never logged at info or above: faces log ids, counts and timings.

import pino, { type Logger as PinoLogger } from 'pino';
import pretty from 'pino-pretty';
import { Writable } from 'node:stream';
import { ConfigError } from '../core/errors.js';
import { createRedactor, REDACTED } from '../core/redact.js';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './levels.js';

export { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel };
export type Logger = PinoLogger;

export interface LogSettings {
  level: LogLevel;
  format: LogFormat;
}

export interface Logging {
  logger: Logger;
  /** Registers a secret: from now on it is replaced by "[redacted]" in every line written. */
  protect(secret: string | undefined | null): void;
}

/** Field names whose values are secrets wherever they appear (one level deep, and request headers). */
const SECRET_FIELDS = ['token', 'apiKey', 'api_key', 'authorization', 'password', 'secret'];
const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  'req.headers.authorization',
  'headers.authorization',
  'headers["x-api-key"]',
];

/** `CAIRN_LOG`: a level, optionally with a format ("debug", "info,json", "warn:text"). */
export function parseLogVariable(value: string | undefined): Partial<LogSettings> {
  if (value === undefined || value.trim() === '') return {};
  const settings: Partial<LogSettings> = {};
  for (const part of value.split(/[,:]/).map((text) => text.trim().toLowerCase()).filter(Boolean)) {
    if ((LOG_LEVELS as readonly string[]).includes(part)) settings.level = part as LogLevel;
    else if ((LOG_FORMATS as readonly string[]).includes(part)) settings.format = part as LogFormat;
    else {
      throw new ConfigError(`CAIRN_LOG is "${value}": "${part}" is neither a log level nor a log format`, {
        hint: `use a level (${LOG_LEVELS.join(', ')}), optionally with a format (${LOG_FORMATS.join(', ')}), e.g. CAIRN_LOG=debug,json`,
      });
    }
  }
  return settings;
}

/**
 * A logger writing whole lines through `write` (stderr in the CLI; tests capture it).
 * Text lines: time, level, message, then the fields as one JSON object.
 */
export function createLogging(settings: LogSettings, write: (line: string) => void): Logging {
  const redactor = createRedactor();
  const scrub = (line: string): string => redactor.redact(line).text;
  const sink =
    settings.format === 'json'
      ? { write: (line: string) => write(scrub(line)) }
      : textSink((line) => write(line), scrub);
  const logger = pino(
    {
      level: settings.level,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    sink,
  );
  return {
    logger,
    // Short values are not replaced by value (a one-letter "secret" would blank every line); they are still redacted by field.
    protect: (secret) => redactor.protect(secret),
  };
}

function textSink(write: (line: string) => void, scrub: (line: string) => string): { write(line: string): void } {
  const stream = pretty({
    colorize: false,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    sync: true,
    destination: new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        write(chunk.toString());
        callback();
      },
    }),
  });
  // Scrubbed before pino-pretty parses the JSON line: nothing unscrubbed reaches the printer.
  return { write: (line) => void stream.write(scrub(line)) };
}

/** A logger that writes nothing (tests, library use). */
export function silentLogging(): Logging {
  return createLogging({ level: 'silent', format: 'json' }, () => undefined);
}
