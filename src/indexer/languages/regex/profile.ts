// What a language profile tells the regex extractor: how definitions look at the start
// of a line (at top level, and inside a class-like body), and how blocks are delimited.

import type { SymbolKind } from '../../../core/entities.js';

/** Identifier characters, ASCII plus any non-ASCII letter-ish unit. */
export const IDENT = '[A-Za-z_$\\u00C0-\\uFFFF][\\w$\\u00C0-\\uFFFF]*';

export interface DefMatch {
  kind: SymbolKind;
  name: string;
  exported: boolean;
  /**
   * What the body holds: members of this definition, definitions as at top level
   * (namespaces, inline modules), or nothing the extractor looks into.
   */
  body: 'members' | 'top' | 'none';
  /**
   * False for scopes without a symbol of their own: Rust `impl T`, Swift `extension T`
   * (members qualify under `name`), namespaces (transparent).
   */
  symbol: boolean;
  /** Qualifies the symbol under a type defined elsewhere (Go receivers, C++ `T::f`). */
  owner?: string;
  /** Drop the match when no body follows (C prototypes, forward declarations). */
  requireBody?: boolean;
  /** Base types named in the header (extends, implements, Python bases). */
  bases?: { name: string; qualifier: string | null }[];
}

export interface Profile {
  /** brace: { } blocks; indent: Python; end: Ruby `def ... end` at the same indentation. */
  blocks: 'brace' | 'indent' | 'end';
  /** `head` is the code view of a line from its first non-blank character. */
  top(head: string): DefMatch | null;
  member(head: string, ownerName: string): DefMatch | null;
  /** Line prefixes of decorators/annotations that belong to the next definition. */
  decorator?: RegExp;
  /**
   * Grouped declarations (Go `type ( ... )`): a top-level line matching `opener` starts a
   * group whose direct lines are matched as top-level lines prefixed with `prefix`.
   */
  group?: { opener: RegExp; prefix: string };
}

export function def(
  kind: SymbolKind,
  name: string,
  exported: boolean,
  extra: Partial<Omit<DefMatch, 'kind' | 'name' | 'exported'>> = {},
): DefMatch {
  const body = extra.body ?? (isContainerKind(kind) ? 'members' : 'none');
  return { kind, name, exported, symbol: true, ...extra, body };
}

function isContainerKind(kind: SymbolKind): boolean {
  return kind === 'class' || kind === 'struct' || kind === 'interface' || kind === 'trait' || kind === 'enum';
}

/** A scope without a symbol: members of `name` (impl/extension) or a transparent namespace. */
export function scopeOnly(name: string, body: 'members' | 'top'): DefMatch {
  return { kind: 'module', name, exported: true, body, symbol: false };
}

const CONTROL_WORDS = new Set([
  'if', 'else', 'for', 'foreach', 'while', 'do', 'switch', 'case', 'default', 'catch', 'try', 'finally',
  'return', 'throw', 'new', 'delete', 'typeof', 'sizeof', 'await', 'yield', 'goto', 'break', 'continue',
  'using', 'lock', 'fixed', 'checked', 'unchecked', 'synchronized', 'super', 'this', 'assert', 'import',
  'export', 'package', 'elif', 'except', 'with', 'when', 'match', 'defer', 'go', 'select', 'static_assert',
  'decltype', 'alignof', 'operator', 'template', 'typedef', 'echo', 'print', 'require', 'include',
]);

export function isControlWord(word: string): boolean {
  return CONTROL_WORDS.has(word);
}

/**
 * The method a C-family member line declares: `mods Type<T> name(`. Needs a type (or the
 * owner's name for a constructor) before the name and no "=" before "(", so calls,
 * assignments and field initialisers are not taken for methods.
 */
export function methodNameBeforeParen(head: string, ownerName: string, modifiers: ReadonlySet<string>): string | null {
  const paren = head.indexOf('(');
  if (paren <= 0) return null;
  const before = head.slice(0, paren).trimEnd();
  if (/[=;{}"'`]/.test(before)) return null;
  const name = /(~?[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*)$/.exec(before)?.[1];
  if (!name || isControlWord(name)) return null;
  const words = before
    .slice(0, before.length - name.length)
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '' && !modifiers.has(w));
  if (words.length === 0) return name === ownerName || name === `~${ownerName}` ? name : null;
  if (words.some((w) => isControlWord(w))) return null;
  return name;
}

/** Strips leading annotations/attributes: `@Foo`, `@Foo(...)`, `[Attr]`, `#[attr]`. */
export function stripAnnotations(head: string): string {
  let rest = head;
  for (let guard = 0; guard < 16; guard++) {
    const match = /^(?:@[\w.]+(?:\([^()]*\))?|#?\[[^\]]*\])\s*/.exec(rest);
    if (!match || match[0].length === 0) return rest;
    rest = rest.slice(match[0].length);
  }
  return rest;
}

/** Comma-separated type names → base references ("a.B<T>" → name B, qualifier a). */
export function parseBases(list: string): { name: string; qualifier: string | null }[] {
  const out: { name: string; qualifier: string | null }[] = [];
  let depth = 0;
  let current = '';
  const flush = (): void => {
    const cleaned = current.replace(/\b(?:public|private|protected|virtual)\b/g, '').trim();
    const path = cleaned.includes('=') ? undefined : /^([A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*)/.exec(cleaned)?.[1];
    if (path) {
      const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('::'));
      const sepLength = path.lastIndexOf('::') === cut && cut >= 0 ? 2 : 1;
      out.push(cut < 0 ? { name: path, qualifier: null } : { name: path.slice(cut + sepLength), qualifier: path.slice(0, cut) });
    }
    current = '';
  };
  for (const ch of list.slice(0, 500)) {
    if (ch === '<' || ch === '(' || ch === '[') depth++;
    else if ((ch === '>' || ch === ')' || ch === ']') && depth > 0) depth--;
    if (ch === ',' && depth === 0) flush();
    else if (depth === 0 && ch !== '>' && ch !== ')' && ch !== ']') current += ch;
  }
  flush();
  return out;
}
