// The fitting policy, on estimated costs. Seeds (tier 0) first, then everything else:
//   1. cover: every item of the group gets its path line, in priority order. When one does
//      not fit, it and every item ranked below it are evicted — eviction only ever takes a
//      tail of the priority order — and the group's items stay at path (an item is never
//      shown above path while another is evicted for room).
//   2. raise: if the group was covered, placed items (strongest first) are raised to the
//      highest detail that still fits, repeated until nothing changes. A stronger item
//      claims budget before any weaker one, so the weakest end up demoted.
// Seeds are raised before the other items are covered: a seed is never demoted or evicted to
// make room for a weaker item. Raising a whole file (or enclosing symbol) to full absorbs the
// placed items it contains, so no text is shown twice.

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
import { contains, type Slot } from './order.js';

export interface Placement {
  slot: Slot;
  detail: Detail;
}

export interface Allocation {
  /** Included items in priority order. */
  placed: Placement[];
  demoted: DemotionRecord[];
  evicted: EvictionRecord[];
  /** Items left out because an included item shows their text at full detail. */
  covered: DuplicateRecord[];
  /** Edges among the files of placed items. */
  edges: FileEdge[];
  /** Estimated tokens of the placed items and edges. */
  estimate: number;
}

interface State {
  readonly capacity: number;
  readonly cost: CostModel;
  used: number;
  readonly detail: Map<Slot, Detail>;
  /** Placed items by path, for containment checks. */
  readonly byPath: Map<string, Set<Slot>>;
  /** Why a placed item is below its ceiling (last failed or forbidden raise). */
  readonly held: Map<Slot, string>;
  readonly paths: Set<string>;
  readonly adjacency: Map<string, FileEdge[]>;
  readonly evicted: EvictionRecord[];
  readonly covered: DuplicateRecord[];
}

export function allocate(slots: readonly Slot[], edges: readonly FileEdge[], cost: CostModel, capacity: number): Allocation {
  const state: State = {
    capacity,
    cost,
    used: 0,
    detail: new Map(),
    byPath: new Map(),
    held: new Map(),
    paths: new Set(),
    adjacency: adjacencyOf(edges),
    evicted: [],
    covered: [],
  };
  const seeds = slots.filter((slot) => slot.item.provenance.tier === 0);
  const others = slots.filter((slot) => slot.item.provenance.tier > 0);
  const seedBlocker = cover(state, seeds, null);
  if (seedBlocker !== null) {
    holdAtPath(state, seeds, 'not every seed fit as a path line, so seeds stay at path');
    cover(state, others, seedBlocker);
    return finish(state, slots, edges);
  }
  raiseUntilStable(state, slots);
  if (cover(state, others, null) !== null) {
    holdAtPath(state, others, 'not every candidate fit as a path line, so none is shown above path');
    return finish(state, slots, edges);
  }
  raiseUntilStable(state, slots);
  return finish(state, slots, edges);
}

/**
 * Places items at path in priority order. From the first that does not fit (or from the
 * start, when a blocker is passed in) the rest are evicted, unless already shown inside an
 * item placed in full. Returns the item that did not fit, or null.
 */
function cover(state: State, group: readonly Slot[], blockedBy: Slot | null): Slot | null {
  let blocker = blockedBy;
  for (const slot of group) {
    if (coverByContainer(state, slot)) continue;
    if (blocker !== null) {
      evict(state, slot, `ranked below ${blocker.identity}, which did not fit even as a path line`);
      continue;
    }
    const needed = state.cost.itemCost(slot, 'path') + newEdgesCost(state, slot.item.path);
    const left = state.capacity - state.used;
    if (needed <= left) {
      place(state, slot, needed);
      continue;
    }
    blocker = slot;
    evict(state, slot, `no room for its path line: ${needed} tokens needed, ${Math.max(0, left)} left`);
  }
  return blocker === blockedBy ? null : blocker;
}

function place(state: State, slot: Slot, cost: number): void {
  state.detail.set(slot, 'path');
  placedOn(state, slot.item.path).add(slot);
  state.paths.add(slot.item.path);
  state.used += cost;
}

function newEdgesCost(state: State, path: string): number {
  if (state.paths.has(path)) return 0;
  let total = 0;
  for (const edge of state.adjacency.get(path) ?? []) {
    const other = edge.from === path ? edge.to : edge.from;
    if (state.paths.has(other)) total += state.cost.edgeCost(edge);
  }
  return total;
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

function holdAtPath(state: State, members: readonly Slot[], reason: string): void {
  for (const slot of members) if (state.detail.has(slot)) state.held.set(slot, reason);
}

/** Raises placed items, strongest first, until a pass changes nothing. */
function raiseUntilStable(state: State, slots: readonly Slot[]): void {
  // Absorptions can free budget for items tried earlier in a pass: go round again.
  for (let raised = true; raised; ) {
    raised = false;
    for (const slot of slots) {
      const current = state.detail.get(slot);
      if (current !== undefined && current !== slot.ceiling && tryRaise(state, slot, current)) raised = true;
    }
  }
}

/** Raises an item to the highest detail (up to its ceiling) whose extra cost still fits. */
function tryRaise(state: State, slot: Slot, current: Detail): boolean {
  const targets = DETAILS.filter(
    (d) => detailRank(d) > detailRank(current) && detailRank(d) <= detailRank(slot.ceiling) && textAt(slot.item, d) !== null,
  );
  const left = state.capacity - state.used;
  for (const target of targets) {
    const absorbed = target === 'full' ? placedInside(state, slot) : [];
    const freed = absorbed.reduce((sum, inner) => sum + state.cost.itemCost(inner, state.detail.get(inner) ?? 'path'), 0);
    const before = state.cost.itemCost(slot, current);
    // Counting stops early once the part is known not to fit.
    const after = state.cost.itemCostAtMost(slot, target, left + before + freed);
    if (after !== null) {
      for (const inner of absorbed) absorb(state, inner, slot);
      state.detail.set(slot, target);
      state.held.delete(slot);
      state.used += after - before - freed;
      return true;
    }
    if (target === targets[0]) state.held.set(slot, `${target} does not fit in the ${Math.max(0, left)} tokens left`);
  }
  return false;
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

function finish(state: State, slots: readonly Slot[], edges: readonly FileEdge[]): Allocation {
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
  return {
    placed,
    demoted,
    evicted: state.evicted,
    covered: state.covered,
    edges: edges.filter((edge) => state.paths.has(edge.from) && state.paths.has(edge.to)),
    estimate: state.used,
  };
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
