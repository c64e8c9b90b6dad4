// `cairn config`: the effective configuration, each value with where it came from
// (default, the file, the environment, a flag). Secrets are never printed: an API key is
// shown as the name of its variable and whether it is set.

import { COMMAND_SUMMARIES } from '../command-summaries.js';
import type { Command } from 'commander';
import { DATABASE_URL_ENV, redactedStoreUrl, type PostgresChoice } from '../../../config/store-choice.js';
import { openRepo } from '../../../app/repo.js';
import { loadConfigFrom } from '../../../config/load.js';
import { printable } from '../../../core/printable.js';
import { DEFAULT_BUDGET, STAGE_NAMES } from '../../../operations/context.js';
import { printJson, withRepoOptions, type RepoFlags } from '../common-options.js';
import type { Io } from '../io.js';
import { logSettings } from '../logging.js';

interface ConfigFlags extends RepoFlags {
  json?: boolean;
}

export interface ConfigEntry {
  key: string;
  value: unknown;
  source: string;
}

export function registerConfigCommand(program: Command, io: Io): void {
  const command = program.command('config').description(COMMAND_SUMMARIES.config.summary);
  withRepoOptions(command)
    .option('--json', 'print JSON')
    .action(async (flags: ConfigFlags) => {
      const context = await openRepo({ repo: flags.repo, indexDir: flags.indexDir, configPath: flags.config, env: io.env, force: flags.force, store: flags.store });
      const loaded = await loadConfigFrom({ repoRoot: context.root, ...(flags.config ? { configPath: flags.config } : {}) });
      const fileSource = loaded.file === null ? 'default' : `file ${loaded.file}`;
      const entries: ConfigEntry[] = [];
      for (const [key, value] of leaves(loaded.config)) {
        if (key === 'store' || key.startsWith('store.')) continue; // the store's entry below: its URL redacted
        entries.push({ key, value, source: has(loaded.raw, key.split('.')) ? fileSource : 'default' });
      }
      // Settings without a value in the schema take the run's defaults.
      if (loaded.config.retrieval.stages === undefined) entries.push({ key: 'retrieval.stages', value: STAGE_NAMES, source: 'default' });
      if (loaded.config.retrieval.budget === undefined) {
        entries.push({ key: 'retrieval.budget', value: { context_window: DEFAULT_BUDGET.contextWindow, reserved_tokens: DEFAULT_BUDGET.reservedTokens }, source: 'default' });
      }
      for (const section of ['llm', 'embed'] as const) {
        const keyEnv = loaded.config[section]?.apiKeyEnv;
        if (keyEnv) entries.push({ key: `${section}.apiKey`, value: io.env[keyEnv] ? `(set in $${keyEnv})` : `($${keyEnv} is not set)`, source: `environment ${keyEnv}` });
      }
      entries.push(storeEntry(context.store, fileSource, flags.store !== undefined));
      const indexDirSource = flags.indexDir ? 'flag --index-dir' : io.env['CAIRN_INDEX_DIR'] ? 'environment CAIRN_INDEX_DIR' : 'default';
      entries.push({ key: 'indexDir', value: context.indexDir, source: indexDirSource });
      const log = await logSettings(io, 'warn');
      entries.push({ key: 'logLevel', value: log.level, source: log.source.level === 'default' ? 'default (info for serve and mcp)' : log.source.level });
      entries.push({ key: 'logFormat', value: log.format, source: log.source.format });
      if (flags.json) {
        printJson(io, { repo: context.root, configFile: loaded.file, entries });
        return;
      }
      io.out(`repository   ${printable(context.root)}\nconfig file  ${loaded.file === null ? `none (defaults; \`cairn init\` writes one)` : printable(loaded.file)}\n\n`);
      const width = Math.max(...entries.map((entry) => entry.key.length));
      for (const entry of entries) io.out(`${entry.key.padEnd(width)}  ${printable(show(entry.value))}  (${printable(entry.source)})\n`);
    });
}

/** Where the stores are, the URL's password replaced (a URL in any source may carry one). */
function storeEntry(store: PostgresChoice | undefined, fileSource: string, flagged: boolean): ConfigEntry {
  if (store === undefined) return { key: 'store', value: 'sqlite (the index directory)', source: flagged ? 'flag --store' : 'default' };
  const source = store.from === '--store' ? 'flag --store' : store.from === DATABASE_URL_ENV ? `environment ${DATABASE_URL_ENV}` : fileSource;
  return { key: 'store', value: `${redactedStoreUrl(store.url)} (repository ${store.repository})`, source };
}

/** Every leaf of the configuration as a dotted key; arrays are leaves. */
function* leaves(value: unknown, prefix = ''): Generator<[string, unknown]> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) yield* leaves(child, prefix ? `${prefix}.${key}` : key);
    return;
  }
  yield [prefix, value];
}

function has(raw: unknown, path: string[]): boolean {
  let current = raw;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return current !== undefined;
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
