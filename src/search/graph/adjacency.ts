// Compressed sparse rows: the neighbours of node i are targets[offsets[i] .. offsets[i+1]),
// sorted by target id, one entry per distinct (from, to) pair. Typed arrays keep a graph of
// tens of thousands of edges in a few hundred kilobytes and make walks cache-friendly.

export interface Adjacency {
  /** Length nodeCount + 1. */
  readonly offsets: Uint32Array;
  readonly targets: Uint32Array;
  /** Strength of each edge in the relation's own unit (uses × confidence, shared commits…). */
  readonly weights: Float64Array;
  /** Raw number of uses / statements / commits collapsed into each edge. */
  readonly counts: Uint32Array;
  /** Bit set of edge kinds (relation-specific; 0 when the relation has none). */
  readonly kinds: Uint8Array;
}

/** Accumulates edges in any order, duplicates included, then packs them both ways. */
export class AdjacencyBuilder {
  private readonly from: number[] = [];
  private readonly to: number[] = [];
  readonly weight: number[] = [];
  readonly count: number[] = [];
  readonly kind: number[] = [];

  add(from: number, to: number, weight: number, count = 1, kindBits = 0): void {
    this.from.push(from);
    this.to.push(to);
    this.weight.push(weight);
    this.count.push(count);
    this.kind.push(kindBits);
  }

  /** Adds the edge in both directions (an undirected relation stored symmetrically). */
  addUndirected(a: number, b: number, weight: number, count = 1): void {
    this.add(a, b, weight, count);
    this.add(b, a, weight, count);
  }

  get size(): number {
    return this.from.length;
  }

  /** Edges from → to, duplicates of a pair merged (weights and counts summed, kinds or-ed). */
  forward(nodeCount: number): Adjacency {
    return pack(nodeCount, this.from, this.to, this);
  }

  /** The same edges reversed: row i lists the nodes with an edge into i. */
  reverse(nodeCount: number): Adjacency {
    return pack(nodeCount, this.to, this.from, this);
  }
}

interface EdgeData {
  readonly weight: number[];
  readonly count: number[];
  readonly kind: number[];
}

function pack(nodeCount: number, rows: number[], cols: number[], edges: EdgeData): Adjacency {
  const offsets = new Uint32Array(nodeCount + 1);
  const targets = new Uint32Array(rows.length);
  const weights = new Float64Array(rows.length);
  const counts = new Uint32Array(rows.length);
  const kinds = new Uint8Array(rows.length);
  let size = 0;
  let previousRow = -1;
  for (const at of rowMajorOrder(nodeCount, rows, cols)) {
    const row = rows[at]!;
    const col = cols[at]!;
    const duplicate = row === previousRow && targets[size - 1] === col;
    const slot = duplicate ? size - 1 : size++;
    if (!duplicate) targets[slot] = col;
    weights[slot]! += edges.weight[at]!;
    counts[slot]! += edges.count[at]!;
    kinds[slot]! |= edges.kind[at]!;
    offsets[row + 1] = size;
    previousRow = row;
  }
  // Rows without edges inherit the end of the row before them.
  for (let i = 1; i <= nodeCount; i++) offsets[i] = Math.max(offsets[i]!, offsets[i - 1]!);
  return {
    offsets,
    targets: targets.slice(0, size),
    weights: weights.slice(0, size),
    counts: counts.slice(0, size),
    kinds: kinds.slice(0, size),
  };
}

/** Edge indices sorted by (row, col): two stable counting sorts, by column then by row. */
function rowMajorOrder(nodeCount: number, rows: number[], cols: number[]): Uint32Array {
  const identity = new Uint32Array(rows.length);
  for (let at = 0; at < identity.length; at++) identity[at] = at;
  return countingSort(countingSort(identity, cols, nodeCount), rows, nodeCount);
}

function countingSort(order: Uint32Array, keys: number[], keyCount: number): Uint32Array {
  const start = new Uint32Array(keyCount + 1);
  for (const key of keys) start[key + 1]! += 1;
  for (let i = 1; i <= keyCount; i++) start[i]! += start[i - 1]!;
  const sorted = new Uint32Array(order.length);
  for (const at of order) {
    const key = keys[at]!;
    sorted[start[key]!] = at;
    start[key]! += 1;
  }
  return sorted;
}

/** Number of distinct neighbours of a node. */
export function degree(adjacency: Adjacency, node: number): number {
  return adjacency.offsets[node + 1]! - adjacency.offsets[node]!;
}

