// Reads cairn.yaml and the environment into one frozen Config. The only module that
// touches either; everything downstream receives values, never looks them up.

import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import type { ZodError } from 'zod';
import { ConfigError } from '../core/errors.js';
import { defaultConfig } from './defaults.js';
import { MIB, readOptionText } from './option-file.js';
import { nonPlainValue } from './plain-data.js';
import type { Config } from './schema.js';

export const CONFIG_FILE_NAME = 'cairn.yaml';
export const DEFAULT_INDEX_DIR_NAME = '.cairn';
/** A configuration is a few lines; anything this large is not one. */
const MAX_CONFIG_BYTES = MIB;

export interface LoadConfigOptions {
  repoRoot: string;
  /** An explicit config file; when absent, `<repoRoot>/cairn.yaml` is used if present. */
  configPath?: string;
}

/** Formats zod issues as "field.path: message" lines, for errors that say what to fix. */
export function describeZodIssues(error: ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(top level)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The configuration, frozen. Without a config file these are the schema's defaults, known
 * without loading the schema library (~80 ms of start-up every command would pay);
 * config.test.ts proves the two agree.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<Readonly<Config>> {
  return (await loadConfigFrom(options)).config;
}

export interface LoadedConfig {
  config: Readonly<Config>;
  /** The file read, or null when there is none (defaults). */
  file: string | null;
  /** The file's settings as written (before defaults), or {} without a file. */
  raw: unknown;
}

/** The configuration with where it came from: `cairn config` says which values the file set. */
export async function loadConfigFrom(options: LoadConfigOptions): Promise<LoadedConfig> {
  const explicit = options.configPath !== undefined;
  const path = explicit ? resolve(options.configPath!) : join(options.repoRoot, CONFIG_FILE_NAME);
  if (!existsSync(path)) {
    if (explicit) {
      throw new ConfigError(`config file ${path} does not exist`, {
        hint: 'pass the path of an existing cairn.yaml, or drop --config to use defaults',
      });
    }
    return { config: deepFreeze(defaultConfig()), file: null, raw: {} };
  }
  const text = readOptionText({
    what: explicit ? '--config file' : 'configuration file',
    path,
    maxBytes: MAX_CONFIG_BYTES,
    hint: explicit ? 'pass the path of a cairn.yaml file' : `replace ${CONFIG_FILE_NAME} with a YAML file, or move it away to use defaults`,
  });
  // The YAML parser costs ~60 ms to load: only when there is a file to parse.
  const yaml = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  let raw: unknown;
  try {
    raw = yaml.parse(text, { logLevel: 'error' }) ?? {};
  } catch (error) {
    const where = error instanceof yaml.YAMLParseError ? ` (line ${error.linePos?.[0]?.line ?? '?'})` : '';
    throw new ConfigError(`${path} is not valid YAML${where}`, {
      hint: 'fix the YAML syntax, or move the file away to use defaults',
      cause: error,
    });
  }
  const wrongType = nonPlainValue(raw);
  if (wrongType !== null) {
    throw new ConfigError(`${path} has invalid settings: ${wrongType}`, { hint: 'see "Configuration" in the README for the accepted keys and values' });
  }
  const { configSchema } = await import('./schema.js');
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const { describeConfigIssues } = await import('./issues.js');
    throw new ConfigError(`${path} has invalid settings: ${describeConfigIssues(parsed.error, raw, configSchema)}`, {
      hint: 'see "Configuration" in the README for the accepted keys and values',
      cause: parsed.error,
    });
  }
  return { config: deepFreeze(parsed.data), file: path, raw };
}

/** Where the index lives: the flag, then CAIRN_INDEX_DIR, then `<repo>/.cairn`. */
export function resolveIndexDir(repoRoot: string, flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const chosen = flag ?? env['CAIRN_INDEX_DIR'];
  if (chosen === undefined || chosen === '') return join(repoRoot, DEFAULT_INDEX_DIR_NAME);
  return isAbsolute(chosen) ? chosen : resolve(chosen);
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}
