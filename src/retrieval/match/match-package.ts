// What a package holds given its match strength. Strong: everything the stages chose. None:
// only the few closest candidates, briefly (signature or path), each saying why it is only
// close — no budget filled with code that has nothing to do with the task. Weak: the package
// as ranked, said to be weak with its closest candidates named. Cutting a weak package to
// its primary definitions was measured: on ts-dev it lost the changed lines of tasks the
// repository does hold (a new name the commit introduces looks like a foreign one).

import { detailRank, type ContextItem, type Detail, type MatchEvidence } from '../../core/context-package.js';
import type { MatchTuning } from '../tuning.js';
import type { CandidateCoverage, MatchAssessment } from './assess-match.js';

const LISTED_WORDS = 3;

/** The evidence the package states: its summary and, unless strong, the closest candidates. */
export function matchEvidence(match: MatchAssessment, tuning: MatchTuning): MatchEvidence {
  if (match.strength === 'strong') return { summary: match.summary, closest: [] };
  const closest = match.candidates.slice(0, tuning.closest).map((candidate) => ({ key: candidate.key, why: whyWeak(candidate) }));
  const shown = match.strength === 'weak' ? WEAK_PACKAGE_NOTE : EMPTY_PACKAGE_NOTE;
  return { summary: `${match.summary}; ${shown}`, closest };
}

/** "holds empty, error; lacks PaymentError, cart, charging" */
export function whyWeak(candidate: CandidateCoverage): string {
  const holds = candidate.holds.slice(0, LISTED_WORDS);
  const lacks = candidate.lacks.slice(0, LISTED_WORDS);
  const parts = [holds.length > 0 ? `holds ${holds.join(', ')}` : 'holds none of the task\'s specific words'];
  if (lacks.length > 0) parts.push(`lacks ${lacks.join(', ')}`);
  return parts.join('; ');
}

/** The candidates the package is fitted from, given the match. */
export function candidatesForMatch(candidates: readonly ContextItem[], match: MatchAssessment, tuning: MatchTuning): ContextItem[] {
  if (match.strength === 'strong') return [...candidates];
  return match.strength === 'none' ? closestOnly(candidates, match, tuning) : [...candidates];
}

/** What a weak or empty package leaves out, said after the match's evidence. */
export const WEAK_PACKAGE_NOTE = 'shown: the code ranked closest; judge it with care';
export const EMPTY_PACKAGE_NOTE = 'shown: only the closest candidates, briefly; they are not an answer';

/** The closest candidates at most at signature detail, each with why it is only close. */
function closestOnly(candidates: readonly ContextItem[], match: MatchAssessment, tuning: MatchTuning): ContextItem[] {
  const wanted = new Map(match.candidates.slice(0, tuning.closest).map((candidate) => [candidate.key, candidate]));
  return candidates
    .filter((item) => wanted.has(item.symbolKey ?? item.path))
    .map((item) => {
      const candidate = wanted.get(item.symbolKey ?? item.path)!;
      return {
        ...item,
        detail: brief(item),
        provenance: { ...item.provenance, reason: `closest candidate, weak: ${whyWeak(candidate)}` },
      };
    });
}

/** Signature when the item has one, else its path. */
function brief(item: ContextItem): Detail {
  const ceiling: Detail = item.texts.signature !== null ? 'signature' : 'path';
  return detailRank(item.detail) < detailRank(ceiling) ? item.detail : ceiling;
}
