// What the HTTP face is given: the served repositories and its settings.

import type { ServeSet } from '../../serve/live.js';
import type { CacheConfig as ConfiguredCache } from '../../config/schema.js';
import type { Logger } from '../../logging/logger.js';
import type { AdmissionLimits } from './admission.js';
import type { QueryRunner } from '../../serve/query-pool.js';
import type { OPERATIONS } from './operations.js';
import type { WebAssets } from '../web/assets.js';
import type { SearchableRepositories } from '../../operations/search-across.js';

export type CacheConfig = ConfiguredCache;

export interface HttpOptions {
  served: ServeSet;
  logger: Logger;
  version: string;
  /** Bearer token; null on loopback without one. */
  token: string | null;
  bodyLimitBytes: number;
  timeoutMs: number;
  cache: CacheConfig;
  /** How many heavy requests work and wait at once (admission.ts). */
  admission: AdmissionLimits;
  /** Where pooled operations run (default: in this thread). */
  queries?: QueryRunner<typeof OPERATIONS>;
  /** The other repositories of the served repositories' PostgreSQL store, for search with `repos` (none on the embedded store). */
  published?: SearchableRepositories;
  /** The web page's built files (default: dist/web; null: not built, /ui answers 503). */
  webAssets?: WebAssets | null;
}
