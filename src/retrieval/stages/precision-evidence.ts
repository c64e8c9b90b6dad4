// Evidence about symbols for the precision stage beyond the primaries (primary-units.ts):
// how the others relate to those (reference edges either way, types they use), which tests
// exercise them (assertions naming them), and which carry rationale comments.

import type { SymbolRecord } from '../../core/entities.js';
import type { CuratedReader } from '../../store/curated.js';
import type { SourceTexts } from '../source/source-texts.js';

export interface PrimaryHit {
  score: number;
  reason: string;
  signals: Record<string, number>;
}

export interface RelatedHit {
  relation: 'calls' | 'called' | 'type' | 'seed-use' | 'test';
  /** The primary symbol or seed file it relates to. */
  to: string;
  strength: number;
  /** For a test: every primary it references (its assertions may name any of them). */
  exercises?: string[];
}

/**
 * Symbols of scoped files related to the primaries by reference edges (callees, callers,
 * types they use) and symbols the seed files use; the strongest relation per symbol wins.
 * Symbols outside the scope are not classified, so their edges are skipped (a widely used
 * primary can have thousands of callers).
 */
export function relatedSymbols(
  reader: CuratedReader,
  primaries: Iterable<string>,
  seedPaths: Iterable<string>,
  scope: ReadonlySet<string>,
  hubDamping = 0,
): Map<string, RelatedHit> {
  const related = new Map<string, RelatedHit>();
  const offer = (key: string, hit: RelatedHit): void => {
    const known = related.get(key);
    if (!known || hit.strength > known.strength) related.set(key, { ...hit, ...(known?.exercises ? { exercises: known.exercises } : {}) });
  };
  // Source code does not call into its tests: such an edge is a name resolved to the wrong definition.
  const intoTest = (fromPath: string, toPath: string): boolean => reader.file(toPath)?.isTest === true && reader.file(fromPath)?.isTest === false;
  for (const primary of primaries) {
    for (const edge of reader.referencesFrom(primary)) {
      if (!scope.has(edge.toPath) || intoTest(edge.fromPath, edge.toPath)) continue;
      const typeUse = edge.kind === 'type' || edge.kind === 'inherit';
      offer(edge.toKey, { relation: typeUse ? 'type' : 'called', to: primary, strength: 0.8 * edge.confidence });
    }
    const users = reader.referencesTo(primary).filter((edge) => scope.has(edge.fromPath));
    const damping = hubFactor(new Set(users.map((edge) => edge.fromKey)).size, hubDamping);
    for (const edge of users) {
      const isTest = reader.file(edge.fromPath)?.isTest ?? false;
      offer(edge.fromKey, { relation: isTest ? 'test' : 'calls', to: primary, strength: 0.7 * edge.confidence * damping });
      const hit = related.get(edge.fromKey)!;
      if (isTest && hit.relation === 'test') hit.exercises = [...(hit.exercises ?? []), primary];
    }
  }
  for (const seed of seedPaths) {
    for (const edge of reader.referencesFrom(seed)) {
      if (edge.toPath === seed || !scope.has(edge.toPath) || intoTest(seed, edge.toPath)) continue;
      const typeUse = edge.kind === 'type' || edge.kind === 'inherit';
      offer(edge.toKey, { relation: typeUse ? 'type' : 'seed-use', to: seed, strength: 0.4 * edge.confidence * (edge.count / (edge.count + 1)) });
    }
  }
  return related;
}

/** Users of a primary up to this many are each full evidence; beyond, each counts √(this / n). */
const HUB_USERS = 3;

/**
 * How much one user of a primary counts when the primary has `users` users in scope: a type
 * or helper used by hundreds of definitions (a TypeScript `QueryKey`) would otherwise bring
 * each of them in as context, ahead of code whose own text matches the task.
 */
function hubFactor(users: number, exponent: number): number {
  return exponent > 0 && users > HUB_USERS ? (HUB_USERS / users) ** (exponent / 2) : 1;
}

const ASSERTION = /\b(?:assert\w*|expect|should|pytest\.raises|assert_eq|assert_ne|t\.(?:Error|Fatal)\w*)\b/;

/** Names of `targets` that appear on assertion lines of a test's source. */
export function assertedNames(testSource: string, targets: readonly string[]): string[] {
  const lines = testSource.split('\n').filter((line) => ASSERTION.test(line));
  return targets.filter((name) => {
    const word = new RegExp(`(?<![\\w$])${name.replace(/[$]/g, '\\$')}(?![\\w$])`);
    return lines.some((line) => word.test(line));
  });
}

const RATIONALE = /\b(?:because|so that|otherwise|workaround|hack|note|why|must|never|important|todo|fixme|xxx)\b/i;
const COMMENT_LINE = /^\s*(?:#|\/\/|\/\*|\*|--)(.*)$/;

/** True when a symbol's docstring or comments explain a choice ("because…", "NOTE:", "workaround"). */
export function hasRationale(symbol: SymbolRecord, source: string | null): boolean {
  if (symbol.doc && RATIONALE.test(symbol.doc)) return true;
  // One pass over the whole source first: most bodies hold none of the words, on any line.
  if (source === null || !RATIONALE.test(source)) return false;
  return source.split('\n').some((line) => {
    const comment = COMMENT_LINE.exec(line);
    return comment !== null && RATIONALE.test(comment[1]!);
  });
}

/** Test symbols exercising primaries, with the primaries (keys) their assertions name. */
export function testAssertions(
  reader: CuratedReader,
  sources: SourceTexts,
  related: ReadonlyMap<string, RelatedHit>,
  primaryNames: ReadonlyMap<string, string>,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, hit] of related) {
    if (hit.relation !== 'test') continue;
    const symbol = reader.symbol(key);
    const file = symbol ? reader.file(symbol.path) : null;
    const source = symbol && file ? sources.symbolText(file, symbol) : null;
    if (source === null) continue;
    const exercised = hit.exercises ?? [hit.to];
    const named = new Set(assertedNames(source, exercised.map((primary) => primaryNames.get(primary) ?? '').filter(Boolean)));
    out.set(key, exercised.filter((primary) => named.has(primaryNames.get(primary) ?? '')));
  }
  return out;
}
