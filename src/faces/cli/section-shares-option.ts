// `--section-shares` (cairn retrieve) and `--package-section-shares` (cairn eval): shares of
// the budget by section, parsed apart from common-options.ts so that only the commands that
// take them load the retrieval operation that checks them (bundle splitting keeps commands lazy).

import { InvalidArgumentError } from 'commander';
import { isCairnError } from '../../core/errors.js';
import { parseSectionShares } from '../../operations/context.js';

/** Shares of the budget by section (`--section-shares`), checked where they are parsed: a bad list is refused before any work. */
export function sectionSharesOption(flag: string): (value: string) => Record<string, number> {
  return (value) => {
    try {
      return parseSectionShares(value, flag);
    } catch (error) {
      if (isCairnError(error)) throw new InvalidArgumentError(`${error.message}; ${error.hint ?? ''}`.replace(/; $/, ''));
      throw error;
    }
  };
}
