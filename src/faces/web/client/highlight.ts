// Syntax highlighting with Prism's tokenizer, with only the languages cairn indexes. Prism
// is used for its tokens alone (`Prism.tokenize`): the page builds its own elements from
// them with the text as text, so code never becomes HTML. Manual mode: Prism never scans
// the document by itself.

(globalThis as { Prism?: unknown }).Prism = { manual: true, disableWorkerMessageHandler: true };

import Prism from 'prismjs/components/prism-core';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-markup';
import 'prismjs/components/prism-markup-templating';
import 'prismjs/components/prism-javascript';
import 'prismjs/components/prism-typescript';
import 'prismjs/components/prism-jsx';
import 'prismjs/components/prism-tsx';
import 'prismjs/components/prism-python';
import 'prismjs/components/prism-go';
import 'prismjs/components/prism-rust';
import 'prismjs/components/prism-java';
import 'prismjs/components/prism-c';
import 'prismjs/components/prism-cpp';
import 'prismjs/components/prism-csharp';
import 'prismjs/components/prism-ruby';
import 'prismjs/components/prism-php';
import 'prismjs/components/prism-kotlin';
import 'prismjs/components/prism-scala';
import 'prismjs/components/prism-swift';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-markdown';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-yaml';
import 'prismjs/components/prism-toml';

/** A run of text and the token types it carries (empty for plain text). */
export interface Span {
  text: string;
  types: string[];
}

const BY_EXTENSION: Record<string, string> = {
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'tsx', js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'jsx',
  py: 'python', pyi: 'python', go: 'go', rs: 'rust', java: 'java', c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', hh: 'cpp',
  cs: 'csharp', rb: 'ruby', php: 'php', kt: 'kotlin', kts: 'kotlin', scala: 'scala', swift: 'swift', sh: 'bash', bash: 'bash', zsh: 'bash',
  md: 'markdown', markdown: 'markdown', json: 'json', yaml: 'yaml', yml: 'yaml', toml: 'toml',
};

/** Prism's grammar name for a file, by its extension; null for plain text. */
export function grammarOf(path: string): string | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const grammar = BY_EXTENSION[name.slice(dot + 1).toLowerCase()];
  return grammar !== undefined && Prism.languages[grammar] !== undefined ? grammar : null;
}

/**
 * The text's lines, each as typed spans. The text is tokenized whole, so that a string or a
 * comment spanning lines is coloured on each of them; plain spans when the grammar is unknown.
 */
export function highlightLines(text: string, grammar: string | null): Span[][] {
  const spans: Span[] = [];
  if (grammar === null) spans.push({ text, types: [] });
  else flatten(Prism.tokenize(text, Prism.languages[grammar]!), [], spans);
  const lines: Span[][] = [[]];
  for (const span of spans) {
    const parts = span.text.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part !== '') lines[lines.length - 1]!.push({ text: part, types: span.types });
    });
  }
  return lines;
}

function flatten(stream: Prism.TokenStream, types: string[], out: Span[]): void {
  if (typeof stream === 'string') {
    if (stream !== '') out.push({ text: stream, types });
    return;
  }
  if (Array.isArray(stream)) {
    for (const part of stream) flatten(part, types, out);
    return;
  }
  const token = stream as Prism.Token;
  const alias = token.alias === undefined ? [] : Array.isArray(token.alias) ? token.alias : [token.alias];
  flatten(token.content, [...types, token.type, ...alias], out);
}
