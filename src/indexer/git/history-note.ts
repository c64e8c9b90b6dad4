// Index meta key of what the last mined history left out (a shallow or partial clone,
// objects git could not read, no repository at all); `cairn status` shows it. A module of
// its own so that status loads no part of the link phase.
export const GIT_NOTE_META = 'gitNote';
