// A refinement request: what the agent found missing from a package. Given as flags or as
// a JSON/YAML file; requests of one task accumulate in its session, so a second refinement
// keeps what the first one added.

import { z } from 'zod';
import type { RequestedItems } from '../task/task-query.js';

export interface RefinementRequest {
  missingFiles: string[];
  missingSymbols: string[];
  missingTests: string[];
  /** Error output (a traceback, an assertion failure) the last attempt produced. */
  errorSignatures: string[];
}

const list = z.union([z.string().min(1), z.array(z.string().min(1))]).transform((value) => (Array.isArray(value) ? value : [value]));

/** The file format: snake_case keys, each a string or a list of strings. */
export const refinementFileSchema = z
  .object({
    missing_files: list.optional(),
    missing_symbols: list.optional(),
    missing_tests: list.optional(),
    error_signature: list.optional(),
  })
  .strict()
  .transform(
    (file): RefinementRequest => ({
      missingFiles: file.missing_files ?? [],
      missingSymbols: file.missing_symbols ?? [],
      missingTests: file.missing_tests ?? [],
      errorSignatures: file.error_signature ?? [],
    }),
  );

/** How a request is stored in the session (as built here). */
export const storedRefinementSchema = z.object({
  missingFiles: z.array(z.string()),
  missingSymbols: z.array(z.string()),
  missingTests: z.array(z.string()),
  errorSignatures: z.array(z.string()),
});

export const EMPTY_REFINEMENT: RefinementRequest = { missingFiles: [], missingSymbols: [], missingTests: [], errorSignatures: [] };

export function isEmptyRefinement(request: RefinementRequest): boolean {
  return request.missingFiles.length + request.missingSymbols.length + request.missingTests.length + request.errorSignatures.length === 0;
}

export function mergeRefinements(earlier: RefinementRequest, later: RefinementRequest): RefinementRequest {
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  return {
    missingFiles: union(earlier.missingFiles, later.missingFiles),
    missingSymbols: union(earlier.missingSymbols, later.missingSymbols),
    missingTests: union(earlier.missingTests, later.missingTests),
    errorSignatures: union(earlier.errorSignatures, later.errorSignatures),
  };
}

export function requestedItems(request: RefinementRequest): RequestedItems {
  return { files: request.missingFiles, symbols: request.missingSymbols, tests: request.missingTests };
}

/** The task text with the error signatures appended, so their frames and names become anchors. */
export function refinedText(text: string, request: RefinementRequest): string {
  if (request.errorSignatures.length === 0) return text;
  return `${text}\n\n${request.errorSignatures.map((signature) => `\`\`\`\n${signature}\n\`\`\``).join('\n\n')}`;
}
