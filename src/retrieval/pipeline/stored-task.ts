// What a session keeps of a retrieve request, so that refinement can run the task again.
// Validated when read back (the session outlives the code that wrote it); only refinement
// loads this module at run time, so a plain retrieve does not load the schema library.

import { z } from 'zod';
import { RENDER_FORMATS, type RenderFormat } from '../../core/context-package.js';
import { sectionSharesSchema } from '../budget/section-shares-schema.js';

export const storedTaskSchema = z.object({
  text: z.string(),
  stages: z.array(z.string()),
  budget: z.object({ contextWindow: z.number(), reservedTokens: z.number() }),
  format: z.enum(RENDER_FORMATS as unknown as [RenderFormat, ...RenderFormat[]]),
  /** Recent commits per file in the historical section (absent: none). */
  history: z.number().int().min(0).optional(),
  /** Shares of the budget by section (absent: none asked for). */
  sectionShares: sectionSharesSchema.optional(),
});
export type StoredTask = z.infer<typeof storedTaskSchema>;
