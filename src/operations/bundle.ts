// A failing run's handoff bundle as the faces take it in: read into its normal shape (its
// shape problems are warnings, never failures), then turned into what a command needs — the
// task text `cairn retrieve --bundle` retrieves for, or the failure `cairn failures record`
// remembers. The faces read the file and print the warnings; what a bundle means stays in
// diagnostics/.

import type { HandoffBundle } from '../diagnostics/bundle.js';

export { normaliseBundle as readHandoffBundle, type HandoffBundle } from '../diagnostics/bundle.js';
/** The task a bundle describes ('' when it holds nothing to retrieve for). */
export { bundleTaskText as taskOfBundle } from '../diagnostics/bundle-task.js';
/** The failure memory's entry for a resolved failure. */
export { newFailure as failureOf } from '../diagnostics/failure-signature.js';

/** Whether a bundle says enough about a failure to remember it. */
export function describesFailure(bundle: HandoffBundle): boolean {
  return bundle.errorMessage.trim() !== '' || bundle.stackTrace.trim() !== '' || bundle.rootCause.trim() !== '';
}
