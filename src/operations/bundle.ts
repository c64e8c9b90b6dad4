// A failing run's handoff bundle as the faces take it in: read into its normal shape (its
// shape problems are warnings, never failures), then turned into what a command needs — the
// task text `cairn retrieve --bundle` retrieves for, or the failure `cairn failures record`
// remembers. The faces read the file and print the warnings; what a bundle means stays in
// diagnostics/.

import { normaliseBundle, type HandoffBundle, type NormalisedBundle } from '../diagnostics/bundle.js';
import { bundleTaskText } from '../diagnostics/bundle-task.js';
import { newFailure } from '../diagnostics/failure-signature.js';
import type { NewFailure } from '../store/failures.js';

export type { HandoffBundle };

/** The bundle in its normal shape, with what was wrong with its shape as warnings. */
export function readHandoffBundle(value: unknown): NormalisedBundle {
  return normaliseBundle(value);
}

/** The task a bundle describes ('' when it holds nothing to retrieve for). */
export function taskOfBundle(bundle: HandoffBundle): string {
  return bundleTaskText(bundle);
}

/** Whether a bundle says enough about a failure to remember it. */
export function describesFailure(bundle: HandoffBundle): boolean {
  return bundle.errorMessage.trim() !== '' || bundle.stackTrace.trim() !== '' || bundle.rootCause.trim() !== '';
}

/** The failure memory's entry for a resolved failure. */
export function failureOf(bundle: HandoffBundle, resolution: string, phase: string | null): NewFailure {
  return newFailure(bundle, resolution, phase);
}
