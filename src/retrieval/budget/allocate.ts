// The fitting policy, on estimated costs. Code first:
//   1. code: in priority order, each item is placed at the highest detail that shows code
//      (full, then excerpt; for a definition also its signature) and still fits. A stronger
//      item claims budget before any weaker one, so an item is never shown at less detail
//      because weaker candidates exist. An item already shown inside one placed in full is
//      left out as covered; placing a whole file or an enclosing definition in full absorbs
//      the placed items it contains, and what that frees goes back to the strongest items.
//   2. names: the files left without code, in priority order — a file whose definitions are
//      shown needs no line of its own; another gets its outline, else its path line, while
//      they fit, at most MAX_NAMED of them. The rest, and definitions (and code-only files)
//      whose code did not fit, are evicted.
// Dependency edges are listed only between files that show code, at most MAX_EDGES. A file's
// model summary (cost.ts) is charged with the first item of its file that is placed.
// With section shares (section-shares.ts), step 1 first runs section by section — primary,
// supporting, supplementary — each within its cumulative limit; then it runs again over
// all items with the whole capacity, so what no share claims goes to what still waits.

import {
  DETAILS,
  detailRank,
  textAt,
  type Detail,
  type DemotionRecord,
  type DuplicateRecord,
  type EvictionRecord,
  type FileEdge,
} from '../../core/context-package.js';
import type { CostModel } from './cost.js';
import { compareEdges } from './edges.js';
import { contains, type Slot } from './order.js';
import type { ItemSection, SectionLimits } from './section-shares.js';

/** Files listed by outline or path alone: pointers for the model, not what it reads. */
export const MAX_NAMED = 12;
/** Dependency lines among files that show code. */
export const MAX_EDGES = 12;

export interface Placement {
  slot: Slot;
  detail: Detail;
}

export interface Allocation {
  /** Included items in priority order. */
  placed: Placement[];
  demoted: DemotionRecord[];
  evicted: EvictionRecord[];
  /** Items left out because an included item shows their text (or, for a file, its code). */
  covered: DuplicateRecord[];
  /** Edges among the files that show code. */
  edges: FileEdge[];
  /** Estimated tokens of the placed items and edges. */
  estimate: number;
}

/** The sections items belong to, and their cumulative limits for a capacity. */
export interface SectionPlan {
  sectionOf(slot: Slot): ItemSection;
  limits(capacity: number): SectionLimits;
}

const ITEM_SECTIONS: readonly ItemSection[] = ['primary', 'supporting', 'supplementary'];

interface State {
  readonly capacity: number;
  /** What placing and raising may use up to: the capacity, or a section's limit. */
  limit: number;
  readonly cost: CostModel;
  used: number;
  readonly detail: Map<Slot, Detail>;
  /** Placed items by path, for containment checks. */
  readonly byPath: Map<string, Set<Slot>>;
  /** Why an item is below its ceiling (its last failed raise). */
  readonly held: Map<Slot, string>;
  /** Files that show code, and the edges listed among them. */
  readonly codePaths: Set<string>;
  readonly edges: FileEdge[];
  readonly adjacency: Map<string, FileEdge[]>;
  readonly evicted: EvictionRecord[];
  readonly covered: DuplicateRecord[];
}

export function allocate(slots: readonly Slot[], edges: readonly FileEdge[], cost: CostModel, capacity: number, sections?: SectionPlan): Allocation {
  const state: State = {
    capacity,
    limit: capacity,
    cost,
    used: 0,
    detail: new Map(),
    byPath: new Map(),
    held: new Map(),
    codePaths: new Set(),
    edges: [],
    adjacency: adjacencyOf(edges),
    evicted: [],
    covered: [],
  };
  if (sections) placeBySection(state, slots, sections);
  for (const slot of slots) {
    if (sections && (state.detail.has(slot) || isCovered(state, slot))) continue;
    if (!coverByContainer(state, slot)) raise(state, slot, 'path', codeDetails(slot));
  }
  // Absorptions may have freed budget for an item tried earlier — one held below its
  // ceiling, or one that did not fit at all: go round again.
  for (let raised = true; raised; ) {
    raised = false;
    for (const slot of slots) {
      const current = state.detail.get(slot);
      if (current === undefined) {
        if (!isCovered(state, slot) && !coverByContainer(state, slot) && raise(state, slot, 'path', codeDetails(slot))) raised = true;
      } else if (current !== slot.ceiling && raise(state, slot, current, codeDetails(slot))) raised = true;
    }
  }
  name(state, slots);
  return finish(state, slots);
}

/** Step 1 section by section, each within its cumulative limit; the limit is the capacity again after. */
function placeBySection(state: State, slots: readonly Slot[], plan: SectionPlan): void {
  const limits = plan.limits(state.capacity);
  for (const section of ITEM_SECTIONS) {
    state.limit = limits[section];
    for (const slot of slots) {
      if (plan.sectionOf(slot) !== section || isCovered(state, slot) || coverByContainer(state, slot)) continue;
      raise(state, slot, 'path', codeDetails(slot));
    }
  }
  state.limit = state.capacity;
}

/** The details above path that show code: a file's outline is a listing, not code. */
function codeDetails(slot: Slot): Detail[] {
  const isFile = slot.item.symbolKey === null;
  return DETAILS.filter((d) => d !== 'path' && !(isFile && d === 'signature') && detailRank(d) <= detailRank(slot.ceiling) && textAt(slot.item, d) !== null);
}

/**
 * Places (or raises) an item to the highest of `targets` above `current` whose extra cost
 * fits, with the edges it brings into the list. Returns whether it did.
 */
function raise(state: State, slot: Slot, current: Detail, targets: readonly Detail[]): boolean {
  const placed = state.detail.has(slot);
  const before = placed ? state.cost.itemCost(slot, current) : 0;
  // A file's summary is printed once, with its first item: charged when the file is first shown.
  const summary = fileShown(state, slot.item.path) ? 0 : state.cost.summaryCost(slot.item.path);
  const candidates = targets.filter((d) => detailRank(d) > detailRank(current));
  const left = state.limit - state.used;
  for (const target of candidates) {
    const absorbed = target === 'full' ? placedInside(state, slot) : [];
    const freed = absorbed.reduce((sum, inner) => sum + state.cost.itemCost(inner, state.detail.get(inner)!), 0);
    const edges = state.codePaths.has(slot.item.path) ? [] : newEdges(state, slot.item.path);
    const edgeCost = edges.reduce((sum, edge) => sum + state.cost.edgeCost(edge), 0);
    // Counting stops early once the part is known not to fit.
    const after = state.cost.itemCostAtMost(slot, target, left + before + freed - edgeCost - summary);
    if (after === null) {
      if (target === candidates[0]) state.held.set(slot, `${target} does not fit in the ${Math.max(0, left)} tokens left`);
      continue;
    }
    for (const inner of absorbed) absorb(state, inner, slot);
    if (!placed) placedOn(state, slot.item.path).add(slot);
    state.detail.set(slot, target);
    state.held.delete(slot);
    state.used += after - before - freed + edgeCost + summary;
    state.codePaths.add(slot.item.path);
    state.edges.push(...edges);
    return true;
  }
  return false;
}

/** Edges from `path` to files that already show code, while the list has room. */
function newEdges(state: State, path: string): FileEdge[] {
  const room = MAX_EDGES - state.edges.length;
  if (room <= 0) return [];
  const found: FileEdge[] = [];
  for (const edge of state.adjacency.get(path) ?? []) {
    const other = edge.from === path ? edge.to : edge.from;
    if (state.codePaths.has(other)) found.push(edge);
  }
  return found.sort((a, b) => b.weight - a.weight || compareEdges(a, b)).slice(0, room);
}

/** Phase 2: files without code get an outline or a path line while they fit; the rest go. */
function name(state: State, slots: readonly Slot[]): void {
  let named = 0;
  for (const slot of slots) {
    if (state.detail.has(slot) || isCovered(state, slot)) continue;
    const { item } = slot;
    if (item.symbolKey !== null || item.codeOnly === true) {
      evict(state, slot, `no room for its code: ${state.held.get(slot) ?? 'nothing fits'}`);
      continue;
    }
    if (state.codePaths.has(item.path)) {
      state.covered.push({ path: item.path, symbolKey: null, tier: item.provenance.tier, coveredBy: firstCodeItem(state, item.path), reason: 'its code is shown in the items of this file' });
      continue;
    }
    if (named >= MAX_NAMED) {
      evict(state, slot, `beyond the ${MAX_NAMED} files listed without code`);
      continue;
    }
    // No item of this file is placed (a definition placed would be code): its summary comes with it.
    const left = state.capacity - state.used - state.cost.summaryCost(item.path);
    const outline = slot.ceiling !== 'path' && textAt(item, 'signature') !== null ? state.cost.itemCostAtMost(slot, 'signature', left) : null;
    const detail: Detail | null = outline !== null ? 'signature' : state.cost.itemCost(slot, 'path') <= left ? 'path' : null;
    if (detail === null) {
      evict(state, slot, `no room for its path line: ${state.cost.itemCost(slot, 'path')} tokens needed, ${Math.max(0, left)} left`);
      continue;
    }
    state.detail.set(slot, detail);
    placedOn(state, item.path).add(slot);
    state.used += (detail === 'signature' ? outline! : state.cost.itemCost(slot, 'path')) + state.cost.summaryCost(item.path);
    if (!state.held.has(slot) && detail !== slot.ceiling) state.held.set(slot, 'its code did not fit');
    named += 1;
  }
}

/** Whether an item of the file is placed (its summary, if any, is already counted). */
function fileShown(state: State, path: string): boolean {
  return (state.byPath.get(path)?.size ?? 0) > 0;
}

function isCovered(state: State, slot: Slot): boolean {
  return state.covered.some((record) => record.symbolKey === slot.item.symbolKey && record.path === slot.item.path);
}

function firstCodeItem(state: State, path: string): string {
  const shown = [...placedOn(state, path)].filter((slot) => state.detail.get(slot) !== 'path').sort((a, b) => a.rank - b.rank);
  return shown[0]?.identity ?? path;
}

function evict(state: State, slot: Slot, reason: string): void {
  const { item } = slot;
  state.evicted.push({ path: item.path, symbolKey: item.symbolKey, tier: item.provenance.tier, detail: slot.ceiling, reason });
}

/** Records the item as covered when a placed item already shows all of it at full detail. */
function coverByContainer(state: State, slot: Slot): boolean {
  for (const other of placedOn(state, slot.item.path)) {
    if (state.detail.get(other) === 'full' && contains(other, slot)) {
      recordCovered(state, slot, other);
      return true;
    }
  }
  return false;
}

function recordCovered(state: State, slot: Slot, by: Slot): void {
  const { item } = slot;
  state.covered.push({
    path: item.path,
    symbolKey: item.symbolKey,
    tier: item.provenance.tier,
    coveredBy: by.identity,
    reason: `shown in full inside ${by.identity}`,
  });
}

function placedOn(state: State, path: string): Set<Slot> {
  let placed = state.byPath.get(path);
  if (placed === undefined) {
    placed = new Set();
    state.byPath.set(path, placed);
  }
  return placed;
}

function placedInside(state: State, outer: Slot): Slot[] {
  return [...placedOn(state, outer.item.path)].filter((inner) => contains(outer, inner));
}

function absorb(state: State, inner: Slot, outer: Slot): void {
  state.detail.delete(inner);
  placedOn(state, inner.item.path).delete(inner);
  state.held.delete(inner);
  recordCovered(state, inner, outer);
}

function finish(state: State, slots: readonly Slot[]): Allocation {
  const placed: Placement[] = [];
  const demoted: DemotionRecord[] = [];
  for (const slot of slots) {
    const detail = state.detail.get(slot);
    if (detail === undefined) continue;
    placed.push({ slot, detail });
    if (detail === slot.ceiling) continue;
    const { item } = slot;
    const reason = state.held.get(slot) ?? 'no budget left to raise it';
    demoted.push({ path: item.path, symbolKey: item.symbolKey, tier: item.provenance.tier, from: slot.ceiling, to: detail, reason });
  }
  return { placed, demoted, evicted: state.evicted, covered: state.covered, edges: [...state.edges].sort(compareEdges), estimate: state.used };
}

function adjacencyOf(edges: readonly FileEdge[]): Map<string, FileEdge[]> {
  const adjacency = new Map<string, FileEdge[]>();
  const add = (path: string, edge: FileEdge): void => {
    const list = adjacency.get(path);
    if (list === undefined) adjacency.set(path, [edge]);
    else list.push(edge);
  };
  for (const edge of edges) {
    add(edge.from, edge);
    add(edge.to, edge);
  }
  return adjacency;
}
