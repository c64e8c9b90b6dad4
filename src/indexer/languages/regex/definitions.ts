// Finds definitions line by line with a language profile and records them in the
// builder. Brace languages decide ownership by the enclosing "{" (a line directly in a
// class body is a member; anything inside a function body is skipped); Python and Ruby
// decide it by indentation.

import type { ExtractionBuilder, Scope } from '../builder.js';
import { leadingDoc, pythonDocstring } from './docs.js';
import type { DefMatch, Profile } from './profile.js';
import { lineOf, lineText, type Scanned } from './scan.js';
import { findBody, type Structure } from './structure.js';

export interface WalkInput {
  scanned: Scanned;
  structure: Structure;
  profile: Profile;
  out: ExtractionBuilder;
}

export interface Defined {
  /** Symbol key, or null for scopes without a symbol (impl blocks, namespaces). */
  key: string | null;
  kind: DefMatch['kind'];
  /** 0-based first and last line of the definition (decorators included). */
  startLine: number;
  endLine: number;
  /** Keywords and name [start, end) in the code view: no reference is read from there. */
  headerStart: number;
  headerEnd: number;
  bases: NonNullable<DefMatch['bases']>;
}

interface Context {
  mode: 'top' | 'members' | 'skip';
  scope: Scope;
  name: string;
}

/** Only the start of a line is matched: no definition header needs more. */
const HEAD_CAP = 1000;
/** Test parametrisations can be long; each walk back stops at the previous statement anyway. */
const MAX_DECORATOR_LINES = 5000;

export function findDefinitions(input: WalkInput): Defined[] {
  return input.profile.blocks === 'brace' ? walkBraces(input) : walkIndented(input);
}

function lineHead(input: WalkInput, line: number): { head: string; indent: number } | null {
  const text = lineText(input.scanned, input.scanned.code, line);
  const body = text.trimStart();
  if (body === '') return null;
  const indent = text.length - body.length;
  return { head: body.slice(0, HEAD_CAP), indent };
}

function walkBraces(input: WalkInput): Defined[] {
  const { scanned, structure, profile, out } = input;
  const owners = new Map<number, Context>();
  const top: Context = { mode: 'top', scope: out.fileScope, name: '' };
  const found: Defined[] = [];
  let groupEnd = -1;
  for (let line = 0; line < scanned.lineStarts.length; line++) {
    const inGroup = scanned.lineStarts[line]! < groupEnd && structure.parenAtLine[line] === 1;
    if (scanned.startsInLiteral[line] || (structure.parenAtLine[line]! > 0 && !inGroup)) continue;
    const brace = structure.braceAtLine[line]!;
    const ctx = brace < 0 ? top : owners.get(brace);
    if (!ctx || ctx.mode === 'skip') continue;
    const at = lineHead(input, line);
    if (!at) continue;
    if (profile.group && !inGroup && brace < 0 && profile.group.opener.test(at.head)) {
      groupEnd = closingParen(scanned.code, scanned.lineStarts[line]! + at.indent);
      continue;
    }
    const head = inGroup && profile.group ? profile.group.prefix + at.head : at.head;
    const match = ctx.mode === 'top' ? profile.top(head) : profile.member(head, ctx.name);
    if (!match) continue;
    const defined = defineBraced(input, match, ctx, line, at, inGroup ? groupEnd : null);
    if (!defined) continue;
    if (defined.bodyOpen !== null && match.body !== 'none') {
      owners.set(defined.bodyOpen, { mode: match.body, scope: defined.scope, name: match.name || ctx.name });
    }
    if (defined.record) found.push(defined.record);
  }
  return found;
}

/** Records a brace-language definition starting on `line`; null when it must have a body and has none. */
function defineBraced(
  input: WalkInput,
  match: DefMatch,
  ctx: Context,
  line: number,
  at: { head: string; indent: number },
  groupEnd: number | null,
): { scope: Scope; record: Defined | null; bodyOpen: number | null } | null {
  const { scanned, structure } = input;
  const defStart = scanned.lineStarts[line]! + at.indent;
  const body = findBody(scanned, structure, defStart);
  if (match.requireBody && body.open === null) return null;
  const end = groupEnd === null ? body.end : Math.min(body.end, groupEnd);
  const lastLine = lineOf(scanned, Math.max(defStart, end - 1));
  const header = { start: defStart, nameEnd: defStart + nameEndIn(at.head, match.name), bodyStart: body.open };
  return { ...emit(input, match, ctx.scope, line, header, end, lastLine, null), bodyOpen: body.open };
}

/** Index of the ")" closing the first "(" at or after `from` (or the end of the code). */
function closingParen(code: string, from: number): number {
  let depth = 0;
  for (let i = code.indexOf('(', from); i >= 0 && i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) return i;
  }
  return code.length;
}

function walkIndented(input: WalkInput): Defined[] {
  const { scanned, structure, profile, out } = input;
  const stack: (Context & { indent: number })[] = [];
  const found: Defined[] = [];
  for (let line = 0; line < scanned.lineStarts.length; line++) {
    if (scanned.startsInLiteral[line] || structure.bracketsAtLine[line]! > 0) continue;
    const at = lineHead(input, line);
    if (!at) continue;
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= at.indent) stack.pop();
    const ctx = stack[stack.length - 1] ?? { mode: 'top', scope: out.fileScope, name: '' };
    if (ctx.mode === 'skip') continue;
    const match = ctx.mode === 'top' ? profile.top(at.head) : profile.member(at.head, ctx.name);
    if (!match) continue;
    const defStart = scanned.lineStarts[line]! + at.indent;
    const python = profile.blocks === 'indent';
    // Ruby has no body opener: the header is the `def`/`class` line.
    const bodyStart = python ? pythonHeaderEnd(scanned.code, defStart) : lineEndIndex(scanned, line);
    const lastLine = blockEnd(input, line, at.indent, !python);
    const end = lineEndIndex(scanned, lastLine);
    const doc = python && bodyStart !== null ? pythonDocstring(scanned, bodyStart) : null;
    const header = { start: defStart, nameEnd: defStart + nameEndIn(at.head, match.name), bodyStart };
    const defined = emit(input, match, ctx.scope, line, header, end, lastLine, doc);
    const mode = match.body === 'none' ? 'skip' : match.body;
    stack.push({ indent: at.indent, mode, scope: defined.scope, name: match.name });
    if (defined.record) found.push(defined.record);
  }
  return found;
}

function emit(
  input: WalkInput,
  match: DefMatch,
  parent: Scope,
  line: number,
  header: { start: number; nameEnd: number; bodyStart: number | null },
  end: number,
  lastLine: number,
  innerDoc: string | null,
): { scope: Scope; record: Defined | null } {
  const { out, scanned } = input;
  if (!match.symbol) {
    const transparent = match.body === 'top' || match.name === '';
    return { scope: transparent ? parent : out.implScope(parent, match.name, match.exported), record: null };
  }
  const startLine = decoratedStart(input, line);
  const start = startLine === line ? header.start : scanned.lineStarts[startLine]! + indentOf(scanned, startLine);
  const owner = match.owner ? out.implScope(parent, match.owner, match.exported) : parent;
  const scope = out.addSymbol({
    name: match.name,
    kind: match.kind,
    parent: owner,
    start,
    end: Math.max(end, start),
    bodyStart: header.bodyStart,
    startRow: startLine,
    lastRow: Math.max(lastLine, startLine),
    doc: innerDoc ?? leadingDoc(scanned, startLine),
    exported: match.exported,
  });
  return {
    scope,
    record: {
      key: scope.key,
      kind: match.kind,
      startLine,
      endLine: lastLine,
      headerStart: header.start,
      headerEnd: header.nameEnd,
      bases: match.bases ?? [],
    },
  };
}

/** The first line of decorators/annotations directly above a definition. */
function decoratedStart(input: WalkInput, line: number): number {
  const pattern = input.profile.decorator;
  if (!pattern) return line;
  let first = line;
  for (let l = line - 1; l >= 0 && line - l <= MAX_DECORATOR_LINES; l--) {
    if (input.scanned.startsInLiteral[l]) break;
    const at = lineHead(input, l);
    if (at && pattern.test(at.head)) first = l;
    else if (input.structure.parenAtLine[l]! === 0) break;
  }
  return first;
}

/**
 * Where the defined name ends in the line head: its last whole-word occurrence before the
 * first "(" (C++ `Owner::name(`), else its first one (`func (r T) Name(`, `class Name`).
 */
function nameEndIn(head: string, name: string): number {
  const paren = head.indexOf('(');
  const limit = paren < 0 ? head.length : paren;
  let best = -1;
  for (let at = head.indexOf(name); at >= 0 && name !== ''; at = head.indexOf(name, at + 1)) {
    if (isWordChar(head[at - 1]) || isWordChar(head[at + name.length])) continue;
    if (at >= limit) {
      if (best < 0) best = at;
      break;
    }
    best = at;
  }
  return best < 0 ? 0 : best + name.length;
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\w$\u00C0-\uFFFF]/.test(ch);
}

function indentOf(scanned: Scanned, line: number): number {
  const text = lineText(scanned, scanned.code, line);
  return text.length - text.trimStart().length;
}

/** Index just past the ":" that ends a Python header, or null when there is none. */
function pythonHeaderEnd(code: string, from: number): number | null {
  let depth = 0;
  const stop = Math.min(code.length, from + 4000);
  for (let i = from; i < stop; i++) {
    const c = code[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
    else if (c === ':' && depth === 0) return i + 1;
    else if (c === '\n' && depth === 0 && code[i - 1] !== '\\') return null;
  }
  return null;
}

/**
 * Last line of an indented block; with `endKeyword`, the `end` closing it (Ruby). Comment
 * lines indented deeper than the header still belong to the block, as in the syntax tree.
 */
function blockEnd(input: WalkInput, line: number, indent: number, endKeyword: boolean): number {
  const { scanned, structure } = input;
  let last = line;
  for (let l = line + 1; l < scanned.lineStarts.length; l++) {
    if (scanned.startsInLiteral[l] || structure.bracketsAtLine[l]! > 0) {
      if (lineText(scanned, scanned.source, l).trim() !== '') last = l;
      continue;
    }
    const at = lineHead(input, l);
    if (!at) {
      if (scanned.hasComment[l] && indentIn(lineText(scanned, scanned.source, l)) > indent) last = l;
      continue;
    }
    if (at.indent <= indent) return endKeyword && at.indent === indent && /^end\b/.test(at.head) ? l : last;
    last = l;
  }
  return last;
}

function indentIn(text: string): number {
  return text.length - text.trimStart().length;
}

function lineEndIndex(scanned: Scanned, line: number): number {
  const start = scanned.lineStarts[line]!;
  return start + lineText(scanned, scanned.source, line).trimEnd().length;
}
