// Which store a command runs on: the embedded SQLite files in the index directory (the
// default), or a PostgreSQL database shared by a team. Chosen once, by the first of
// `--store`, CAIRN_DATABASE_URL and `store:` in cairn.yaml that is set; `sqlite` names the
// default explicitly (a flag that overrides the environment). The URL is kept as given —
// the adapter hands it to libpq unchanged (sslmode and every other libpq setting apply) —
// and never put in a message: it may carry a password.

import { basename } from 'node:path';
import { ConfigError, UsageError } from '../core/errors.js';
import type { Config } from './schema.js';

export const DATABASE_URL_ENV = 'CAIRN_DATABASE_URL';

export type StoreChoice =
  | { adapter: 'sqlite' }
  | {
      adapter: 'postgres';
      /** The connection URL as given (may hold a password: never print it). */
      url: string;
      /** The name the repository's index generations and shared state are kept under. */
      repository: string;
      /** Where the URL came from, for messages. */
      from: StoreSource;
    };

/** The shared store: what a RepoContext carries when PostgreSQL was chosen. */
export type PostgresChoice = Extract<StoreChoice, { adapter: 'postgres' }>;

export type StoreSource = '--store' | typeof DATABASE_URL_ENV | 'cairn.yaml store';

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;
const REPOSITORY_NAME = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,199}$/;

export interface StoreChoiceInput {
  /** `--store`, when given. */
  flag: string | undefined;
  env: NodeJS.ProcessEnv;
  config: Readonly<Config>;
  /** The repository root: its folder name is the repository's default name. */
  root: string;
}

export function resolveStoreChoice(input: StoreChoiceInput): StoreChoice {
  if (input.flag === '') throw new UsageError('--store is empty', { hint: 'pass a postgres:// URL, or `sqlite` for the embedded store' });
  const fromYaml = typeof input.config.store === 'string' ? input.config.store : input.config.store?.url;
  const envUrl = input.env[DATABASE_URL_ENV];
  const chosen: [string, StoreSource] | null =
    input.flag !== undefined ? [input.flag, '--store']
    : envUrl !== undefined && envUrl !== '' ? [envUrl, DATABASE_URL_ENV]
    : fromYaml !== undefined ? [fromYaml, 'cairn.yaml store']
    : null;
  if (chosen === null || chosen[0].trim().toLowerCase() === 'sqlite') return { adapter: 'sqlite' };
  const [url, from] = chosen;
  return { adapter: 'postgres', url: checkedPostgresUrl(url, from), repository: repositoryName(input), from };
}

/** The URL, trimmed; CONFIG_INVALID (the value not echoed: a mistyped URL may still hold a password) unless it is a postgres:// URL. */
export function checkedPostgresUrl(url: string, from: StoreSource): string {
  if (!POSTGRES_URL.test(url.trim())) {
    throw new ConfigError(`${from} is neither \`sqlite\` nor a postgres:// URL`, {
      hint: 'write it as postgres://user@host:5432/database (libpq settings such as sslmode=verify-full go in the query string)',
    });
  }
  return url.trim();
}

/** `store.repository` in cairn.yaml, else the repository folder's name. */
function repositoryName(input: StoreChoiceInput): string {
  const named = typeof input.config.store === 'object' ? input.config.store.repository : undefined;
  const name = named ?? (basename(input.root) || 'root');
  if (!REPOSITORY_NAME.test(name) || name.includes('..')) {
    throw new ConfigError(`"${name.slice(0, 60)}" is not a repository name cairn can keep in PostgreSQL`, {
      hint: 'set store.repository in cairn.yaml: letters, digits, ".", "_", "-" and "/" (e.g. github.com/org/repo)',
    });
  }
  return name;
}

/** A connection URL fit to print: its password (in the authority or as `password=`) replaced by ***. */
export function redactedStoreUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(not a valid URL)';
  }
  if (parsed.password !== '') parsed.password = '***';
  for (const key of [...parsed.searchParams.keys()]) if (key.toLowerCase() === 'password') parsed.searchParams.set(key, '***');
  return parsed.toString();
}

/** The URL's password (decoded), for the logger to mask wherever it might appear; empty when none. */
export function storeSecret(url: string): string {
  try {
    const parsed = new URL(url);
    const query = [...parsed.searchParams].find(([key]) => key.toLowerCase() === 'password')?.[1] ?? '';
    return parsed.password !== '' ? decodeURIComponent(parsed.password) : query;
  } catch {
    return '';
  }
}
