// A repository as every part of cairn above the engine sees it: where it is, where its
// index lives, its frozen configuration. Made by the composition root (app/repo.ts), which
// checks the paths; taken by the operations (operations/), the serve runtime and the stores.

import type { Config } from './schema.js';
import type { PostgresChoice } from './store-choice.js';

export interface RepoContext {
  /** Absolute path of the repository root. */
  root: string;
  /** Absolute path of the index directory. */
  indexDir: string;
  config: Readonly<Config>;
  /** Where API keys are read from (the variables `*.apiKeyEnv` name). */
  env?: NodeJS.ProcessEnv;
  /** Where the stores are (`--store`, CAIRN_DATABASE_URL, `store:`); absent: SQLite in `indexDir`. Plain data: handed to threads. */
  store?: PostgresChoice;
}
