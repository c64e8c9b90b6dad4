// The shape of section shares as a schema, for what validates them as data: a stored task
// read back (pipeline/stored-task.ts) and the HTTP request body (through operations/section-shares-schema.ts).
// Its own module so that section-shares.ts, loaded by every retrieve, does not load zod.

import { z } from 'zod';
import type { Section } from './section-shares.js';

const share = z.number().min(0).max(1);

/** Shares of the budget by section, each 0..1; the sum is checked where shares are asked for (checkSectionShares). */
export const sectionSharesSchema = z.object({ primary: share, supporting: share, historical: share, supplementary: share } satisfies Record<Section, typeof share>).partial().strict();
