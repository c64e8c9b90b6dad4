// Small presentation helpers: times, counts and signals as text.

export function when(ms: number | string | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '—' : date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

export function signalsText(signals: Record<string, number>): string {
  return Object.entries(signals)
    .map(([name, value]) => `${name} ${Math.round(value * 1000) / 1000}`)
    .join(' · ');
}

/**
 * Each path's shortest ending, in whole folders, that no other path of the set ends with:
 * `app.py` alone, but `flask/app.py` and `sansio/app.py` side by side.
 */
export function shortLabels(paths: readonly string[]): Map<string, string> {
  const parts = new Map(paths.map((path) => [path, path.split('/')]));
  const labels = new Map<string, string>();
  for (const [path, segments] of parts) {
    let take = 1;
    const clash = (count: number): boolean =>
      [...parts].some(([other, its]) => other !== path && its.slice(-count).join('/') === segments.slice(-count).join('/'));
    while (take < segments.length && clash(take)) take += 1;
    labels.set(path, segments.slice(-take).join('/'));
  }
  return labels;
}
