import { stemToken } from '../core/tokens.js';

// English prose words that carry no signal in a code search query. Kept short on purpose:
// words that are also common identifiers (get, set, list, file, data, type, error, ...)
// are NOT here — in code they are meaningful.

const WORDS = (
  `a about above after again against all am an and any are aren't as at be because been before being
below between both but by can cannot could couldn did didn do does doesn doing don down during each
few for from further had hadn has hasn have haven having he her here hers herself him himself his how
i if in into is isn it its itself just let me more most my myself no nor not now of off on once only
or other ought our ours ourselves out over own same she should shouldn so some such than that the
their theirs them themselves then there these they this those through to too under until up very was
wasn we were weren what when where which while who whom why will with won would wouldn you your yours
yourself yourselves also however would like using use used please thanks thank hi hello seems seem
way want wanted currently still even may might must i'm it's that's there's don't doesn't can't`
    .split(/\s+/)
    .filter(Boolean));

/** The words and their stems: query tokens arrive stemmed (core/tokens.ts). */
export const STOPWORDS: ReadonlySet<string> = new Set([...WORDS, ...WORDS.map(stemToken)]);
