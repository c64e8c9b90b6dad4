// The graph's layout reads for 5 to 60 files: no node or label lies on another, seeds sit in
// the middle with weaker tiers around them, the picture stays roughly square (it is scaled
// to the page's width), and the same package always gives the same picture.

import { describe, expect, it } from 'vitest';
import { LABEL_CHAR_WIDTH, NODE_RADIUS, layoutGraph, type LayoutEdge, type LayoutNode } from '../../src/faces/web/client/graph-layout.js';

/** A package's files as real ones look: a few seeds, tiers 1–4, labels of 6–30 characters, about two edges per file. */
function packageGraph(size: number, seed = size): { nodes: LayoutNode[]; edges: LayoutEdge[] } {
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const nodes = Array.from({ length: size }, (_, index): LayoutNode => {
    const label = `${'module_name_part'.slice(0, 2 + Math.floor(next() * 14))}_${index}.${['py', 'ts', 'go'][index % 3]}`.padEnd(6 + Math.floor(next() * 24), 'x');
    return { id: `src/pkg${index % 7}/${label}`, tier: index < Math.max(1, Math.floor(size / 10)) ? 0 : 1 + Math.floor(next() * 4), label };
  });
  const edges = Array.from({ length: size * 2 }, (): LayoutEdge => ({ from: nodes[Math.floor(next() * size)]!.id, to: nodes[Math.floor(next() * size)]!.id }));
  return { nodes, edges };
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A node's circle and its label under it (text at y + 32, 12px high), as graph.tsx draws them. */
function boxesOf(node: LayoutNode, x: number, y: number): Box[] {
  const half = ((node.label ?? '').length * LABEL_CHAR_WIDTH) / 2;
  return [
    { left: x - 19, right: x + 19, top: y - 19, bottom: y + 19 },
    { left: x - half, right: x + half, top: y + 21, bottom: y + 35 },
  ];
}

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('layoutGraph', () => {
  for (const size of [5, 12, 30, 60]) {
    it(`lays out ${size} files with no node or label on another, inside the picture`, () => {
      const { nodes, edges } = packageGraph(size);
      const { placed, width, height } = layoutGraph(nodes, edges);
      expect(placed).toHaveLength(size);
      const drawn = placed.map((at, index) => ({ at, boxes: boxesOf(nodes[index]!, at.x, at.y) }));
      const collisions: string[] = [];
      for (let a = 0; a < drawn.length; a += 1) {
        for (let b = a + 1; b < drawn.length; b += 1) {
          if (drawn[a]!.boxes.some((box) => drawn[b]!.boxes.some((other) => overlaps(box, other)))) collisions.push(`${drawn[a]!.at.id} / ${drawn[b]!.at.id}`);
        }
      }
      expect(collisions).toEqual([]);
      for (const { boxes } of drawn) for (const box of boxes) expect(box.left >= 0 && box.top >= 0 && box.right <= width && box.bottom <= height).toBe(true);
      expect(Math.max(width, height) / Math.min(width, height)).toBeLessThan(2);
    });
  }

  it('puts the seeds in the middle and weaker tiers further out', () => {
    const { nodes, edges } = packageGraph(60);
    const { placed, width, height } = layoutGraph(nodes, edges);
    const meanDistance = (tier: number): number => {
      const own = placed.filter((_, index) => nodes[index]!.tier === tier);
      return own.reduce((sum, at) => sum + Math.hypot(at.x - width / 2, at.y - height / 2), 0) / own.length;
    };
    for (let tier = 0; tier < 4; tier += 1) expect(meanDistance(tier)).toBeLessThan(meanDistance(tier + 1));
  });

  it('gives the same package the same picture', () => {
    const { nodes, edges } = packageGraph(30);
    expect(layoutGraph(nodes, edges)).toEqual(layoutGraph(nodes, edges));
  });

  it('keeps a short-labelled node its circle\'s room', () => {
    const { placed } = layoutGraph([{ id: 'a', tier: 0, label: 'a' }, { id: 'b', tier: 0, label: 'b' }], [{ from: 'a', to: 'b' }]);
    expect(Math.hypot(placed[0]!.x - placed[1]!.x, placed[0]!.y - placed[1]!.y)).toBeGreaterThanOrEqual(2 * NODE_RADIUS - 2);
  });
});
