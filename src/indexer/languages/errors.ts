// The one failure tree-sitter extraction reports: the parser threw or produced no tree.
// The caller catches it by class and falls back to regex extraction; partial trees
// (ERROR nodes) are not failures and come back with a parseNote instead.

import { CairnError, type CairnErrorOptions } from '../../core/errors.js';

export class ExtractionError extends CairnError {
  readonly path: string;

  constructor(path: string, message: string, options?: CairnErrorOptions) {
    super('INTERNAL', message, options);
    this.name = 'ExtractionError';
    this.path = path;
  }
}

export function isExtractionError(error: unknown): error is ExtractionError {
  return error instanceof ExtractionError;
}
