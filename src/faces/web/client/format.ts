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

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || path;
}
