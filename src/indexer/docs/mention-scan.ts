// Finds the places in a doc chunk's text that may mention a file or a symbol: link
// targets, URLs, inline code, path-like words, dotted names and calls. Only candidates;
// mention-resolve.ts decides which name something in the repository.

export interface Candidate {
  /** Where the candidate starts in the chunk text (for ordering). */
  offset: number;
  /** What to resolve: a path, a URL's path, or a (dotted) name. */
  text: string;
  /** As written in the chunk (a whole URL, a code span's content). */
  written: string;
  /** Written as code: inside backticks, or followed by "(". */
  asCode: boolean;
  /** 'doc': a link target, relative to the document's folder first; 'url': a URL's path. */
  base: 'doc' | 'url' | 'root';
}

const MARKDOWN_LINK = /\]\(\s*<?([^()\s<>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const URL = /\bhttps?:\/\/[^\s()<>[\]"'`]+/g;
const CODE_SPAN = /(`+)([^`\n]+?)\1(?!`)/g;
const PATH = /(?<![\w./-])(?:\.{1,2}\/|\/)?[\w.-]+(?:\/[\w.-]+)+/g;
const CHAIN = /(?<![\w.$])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(\()?/g;
/** Inline code that is one name, path or call as a whole: `a.b.c`, `x/y.py`, `f(1, 2)`. */
const WHOLE_CODE = /^(?:[\w./-]+|[A-Za-z_][\w.]*\(.*\))$/;

function urlPath(url: string): string {
  return url.replace(/^https?:\/\/[^/]+/, '');
}

type Take = (whole: string, groups: readonly (string | undefined)[], offset: number) => void;

/**
 * Runs `pattern` over `text`, handing each match to `take`, and returns the text with the
 * matches blanked out (same length, so offsets stay put) for the patterns that follow.
 */
function consume(text: string, pattern: RegExp, take: Take): string {
  return text.replace(pattern, (whole: string, ...rest: unknown[]) => {
    // replace() passes the groups, then the offset and the whole input (no named groups here).
    take(whole, rest.slice(0, -2) as (string | undefined)[], rest[rest.length - 2] as number);
    return ' '.repeat(whole.length);
  });
}

function scanProse(text: string, base: number, out: Candidate[]): void {
  let rest = consume(text, URL, (url, _groups, at) => {
    out.push({ offset: base + at, text: urlPath(url), written: url, asCode: false, base: 'url' });
  });
  rest = consume(rest, PATH, (path, _groups, at) => {
    const written = path.replace(/[.-]+$/, '');
    out.push({ offset: base + at, text: written, written, asCode: false, base: 'root' });
  });
  for (const m of rest.matchAll(CHAIN)) {
    const name = m[1] === undefined ? m[0] : m[0].slice(0, -1);
    out.push({ offset: base + m.index, text: name, written: name, asCode: m[1] !== undefined, base: 'root' });
  }
}

/** RST roles and links put the target in <...>; "~" and "!" prefix targets, "@" decorators. */
function codeTarget(content: string): string {
  const trimmed = content.trim();
  const target = /<([^<>]+)>$/.exec(trimmed)?.[1] ?? trimmed;
  return target.replace(/^[~!@]+/, '');
}

export function scanCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  let prose = consume(text, MARKDOWN_LINK, (_link, [target = ''], at) => {
    const candidate = { offset: at, written: target, asCode: false };
    if (/^https?:/.test(target)) out.push({ ...candidate, text: urlPath(target), base: 'url' });
    else if (!/^(#|[a-z]+:)/.test(target)) out.push({ ...candidate, text: target, base: 'doc' });
  });
  prose = consume(prose, CODE_SPAN, (_span, [, inner = ''], at) => {
    const content = codeTarget(inner);
    if (!WHOLE_CODE.test(content)) return scanProse(content, at, out);
    const name = content.replace(/\(.*$/, '');
    out.push({ offset: at, text: name, written: name, asCode: true, base: 'root' });
  });
  scanProse(prose, 0, out);
  return out.sort((a, b) => a.offset - b.offset);
}
