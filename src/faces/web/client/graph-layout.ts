// Where the graph's nodes go: d3-force run to rest before anything is drawn (no animation,
// and the same input gives the same picture: d3's jiggle uses a seeded generator). Seeds sit
// in the middle and weaker tiers on rings around them, so the picture reads as the package
// was built — from the seeds out; links pull related files together, and neither nodes nor
// their labels overlap: each node keeps clear a circle wide enough for its label.

import { forceCollide, forceLink, forceManyBody, forceRadial, forceSimulation, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3-force';

export interface LayoutNode {
  id: string;
  tier: number | null;
  /** The label drawn under the node, whose width the node keeps clear. */
  label?: string;
}

export interface LayoutEdge {
  from: string;
  to: string;
}

export interface Placed {
  id: string;
  x: number;
  y: number;
}

interface SimNode extends SimulationNodeDatum {
  id: string;
  ring: number;
  radius: number;
}

const RING_GAP = 120;
export const NODE_RADIUS = 48;
/**
 * The label's font is 12px system-ui: no label is wider than this per character (the page
 * test measures the drawn labels in Chromium against it; with DejaVu Sans, the fallback on
 * Linux, a label of wide letters comes to a little over 8).
 */
export const LABEL_CHAR_WIDTH = 8.5;
const LABEL_PADDING = 6;
const TICKS = 300;

/** The half-width a node keeps clear: its circle, or half its label and a little air. */
function clearanceOf(node: LayoutNode): number {
  return Math.max(NODE_RADIUS, ((node.label?.length ?? 0) * LABEL_CHAR_WIDTH) / 2 + LABEL_PADDING);
}

export function layoutGraph(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): { placed: Placed[]; width: number; height: number } {
  if (nodes.length === 0) return { placed: [], width: 0, height: 0 };
  const rings = ringsOf(nodes);
  const sim: SimNode[] = nodes.map((node) => ({ id: node.id, ring: rings.get(node.id)!, radius: clearanceOf(node) }));
  const known = new Set(sim.map((node) => node.id));
  const links: SimulationLinkDatum<SimNode>[] = edges.filter((edge) => known.has(edge.from) && known.has(edge.to) && edge.from !== edge.to).map((edge) => ({ source: edge.from, target: edge.to }));
  const simulation = forceSimulation(sim)
    .force('charge', forceManyBody().strength(-260))
    .force('link', forceLink<SimNode, SimulationLinkDatum<SimNode>>(links).id((node) => node.id).distance(110).strength(0.25))
    .force('ring', forceRadial<SimNode>((node) => node.ring * RING_GAP, 0, 0).strength(0.6))
    .force('collide', forceCollide<SimNode>((node) => node.radius).iterations(2))
    .stop();
  simulation.tick(TICKS);
  return fit(sim);
}

/** Ring 0 for the seeds (or the strongest tier present), one ring further for each weaker tier. */
function ringsOf(nodes: readonly LayoutNode[]): Map<string, number> {
  const tiers = [...new Set(nodes.map((node) => node.tier ?? Number.MAX_SAFE_INTEGER))].sort((a, b) => a - b);
  return new Map(nodes.map((node) => [node.id, tiers.indexOf(node.tier ?? Number.MAX_SAFE_INTEGER)]));
}

/** Moves the nodes into a box starting at (margin, margin). */
function fit(nodes: SimNode[]): { placed: Placed[]; width: number; height: number } {
  const margin = Math.max(...nodes.map((node) => node.radius)) + 24;
  const xs = nodes.map((node) => node.x ?? 0);
  const ys = nodes.map((node) => node.y ?? 0);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const placed = nodes.map((node) => ({ id: node.id, x: Math.round((node.x ?? 0) - minX + margin), y: Math.round((node.y ?? 0) - minY + margin) }));
  return { placed, width: Math.round(Math.max(...xs) - minX + 2 * margin), height: Math.round(Math.max(...ys) - minY + 2 * margin) };
}
