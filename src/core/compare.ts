// Code-unit order for tie-breaks: the same on every machine (localeCompare depends on the
// locale, and is slow in sorts of thousands of keys).

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
