// The package as the page shows it: each item of `POST /retrieve` (path, symbol, lines,
// detail, reason, text) beside what the raw log says of it (`GET .../explain` for the
// same run: the budget's placement — tier, tokens, demotion — and the stage decision that
// kept it, with its signals and score); and, apart, what was left out and why. Only joins
// and sorts what the API gave: no ranking is recomputed here.

export interface PackageItem {
  path: string;
  symbol: string | null;
  lines: [number, number];
  detail: string;
  reason: string;
  text: string;
  [other: string]: unknown;
}

export interface Decision {
  subject: 'file' | 'symbol';
  id: string;
  tier: number | null;
  tierName: string | null;
  verdict: 'included' | 'excluded';
  label: string;
  reason: string;
  score: number;
  signals: Record<string, number>;
  judge: string;
}

export interface Placement {
  id: string;
  tier: number;
  detail: string;
  tokens: number;
  demotedFrom: string | null;
}

export interface BudgetRecord {
  contextWindow: number;
  reservedTokens: number;
  available: number;
  used: number;
  tokenizer: string;
  candidates: number;
  included: Placement[];
  demoted: { path: string; symbolKey: string | null; tier: number; from: string; to: string; reason: string }[];
  evicted: { path: string; symbolKey: string | null; tier: number; detail: string; reason: string }[];
  deduplicated: { path: string; symbolKey: string | null; tier: number; coveredBy: string; reason: string }[];
}

export interface RunExplanation {
  runId: string;
  startedAt: string;
  stages: { stage: string; files: { tier: number | null; tierName: string | null; included: Decision[]; excluded: Decision[] }[]; symbols: { label: string; decisions: Decision[] }[] }[];
  budget: BudgetRecord | null;
  notes: { stage: string | null; event: string; message: string }[];
  failures: { stage: string | null; code: string; message: string }[];
}

export interface DecisionRow extends Decision {
  runId: string;
  stage: string;
}

export interface ItemRow {
  /** The item's identity: its entity key, or its path for a whole file. */
  id: string;
  item: PackageItem;
  tokens: number | null;
  tier: number | null;
  stage: string | null;
  demotedFrom: string | null;
  signals: Record<string, number>;
  score: number | null;
}

export interface LeftOut {
  id: string;
  stage: string;
  what: 'dropped' | 'evicted' | 'demoted' | 'deduplicated';
  why: string;
  tier: number | null;
  score: number | null;
}

export function itemId(item: Pick<PackageItem, 'path' | 'symbol'>): string {
  return item.symbol === null ? item.path : `${item.path}::${item.symbol}`;
}

/** Every decision of a run, in logged order, with its stage. */
export function decisionRows(run: RunExplanation): DecisionRow[] {
  const rows: DecisionRow[] = [];
  for (const stage of run.stages) {
    for (const tier of stage.files) for (const decision of [...tier.included, ...tier.excluded]) rows.push({ ...decision, runId: run.runId, stage: stage.stage });
    for (const group of stage.symbols) for (const decision of group.decisions) rows.push({ ...decision, runId: run.runId, stage: stage.stage });
  }
  return rows;
}

/** The last stage's decision that included each id (a later stage refines an earlier one). */
function keptBy(rows: readonly DecisionRow[]): Map<string, DecisionRow> {
  const kept = new Map<string, DecisionRow>();
  for (const row of rows) if (row.verdict === 'included') kept.set(row.id, row);
  return kept;
}

export function itemRows(items: readonly PackageItem[], run: RunExplanation | null): ItemRow[] {
  const placements = new Map((run?.budget?.included ?? []).map((placement) => [placement.id, placement]));
  const kept = run ? keptBy(decisionRows(run)) : new Map<string, DecisionRow>();
  return items.map((item) => {
    const id = itemId(item);
    const placement = placements.get(id);
    const decision = kept.get(id) ?? kept.get(item.path);
    return {
      id,
      item,
      tokens: placement?.tokens ?? null,
      tier: placement?.tier ?? decision?.tier ?? null,
      stage: decision?.stage ?? null,
      demotedFrom: placement?.demotedFrom ?? null,
      signals: decision?.signals ?? {},
      score: decision?.score ?? null,
    };
  });
}

/** What the run considered and did not show, and why: dropped by a stage, or cut by the budget. */
export function leftOut(run: RunExplanation | null, shown: ReadonlySet<string>): LeftOut[] {
  if (run === null) return [];
  const out: LeftOut[] = [];
  const rows = decisionRows(run);
  const included = new Set(rows.filter((row) => row.verdict === 'included').map((row) => row.id));
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.verdict !== 'excluded' || shown.has(row.id) || included.has(row.id) || seen.has(row.id)) continue;
    seen.add(row.id);
    out.push({ id: row.id, stage: row.stage, what: 'dropped', why: row.reason, tier: row.tier, score: row.score });
  }
  const budget = run.budget;
  for (const entry of budget?.evicted ?? []) out.push({ id: entry.symbolKey ?? entry.path, stage: 'budget', what: 'evicted', why: entry.reason, tier: entry.tier, score: null });
  for (const entry of budget?.demoted ?? []) out.push({ id: entry.symbolKey ?? entry.path, stage: 'budget', what: 'demoted', why: `${entry.from} → ${entry.to}: ${entry.reason}`, tier: entry.tier, score: null });
  for (const entry of budget?.deduplicated ?? []) out.push({ id: entry.symbolKey ?? entry.path, stage: 'budget', what: 'deduplicated', why: entry.reason, tier: entry.tier, score: null });
  return out;
}

/** The files of a package, each with its strongest tier; seeds (tier 0) marked. */
export function packageFiles(rows: readonly ItemRow[], run: RunExplanation | null): { path: string; tier: number | null; seed: boolean; items: ItemRow[]; decision: DecisionRow | null }[] {
  const fileDecisions = new Map<string, DecisionRow>();
  for (const row of run ? decisionRows(run) : []) if (row.subject === 'file' && row.verdict === 'included') fileDecisions.set(row.id, row);
  const files = new Map<string, { path: string; tier: number | null; seed: boolean; items: ItemRow[]; decision: DecisionRow | null }>();
  for (const row of rows) {
    const path = row.item.path;
    const decision = fileDecisions.get(path) ?? null;
    const entry = files.get(path) ?? { path, tier: decision?.tier ?? null, seed: false, items: [], decision };
    files.set(path, entry);
    entry.items.push(row);
    const tier = decision?.tier ?? row.tier;
    if (tier !== null && (entry.tier === null || tier < entry.tier)) entry.tier = tier;
    entry.seed = entry.tier === 0;
  }
  return [...files.values()];
}
