/** Bumped when git mining stores more (v2: commit messages): older indexes are re-mined once. */
export const GIT_MINING_VERSION = '2';
