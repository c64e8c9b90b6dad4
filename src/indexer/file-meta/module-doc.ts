// What a file says it is for: its module docstring (Python's first string statement, Rust's
// `//!` lines) or the comment it opens with, as one cleaned paragraph. License and
// copyright headers, shebangs, encoding lines and editor modelines are passed over: they say
// nothing about the file. Docs files (Markdown, reStructuredText, text) give their first
// heading or line. The markers are stripped as extraction strips a definition's comments
// and docstrings (languages/text.ts).

import { MAX_MODULE_DOC_CHARS } from '../../core/file-meta.js';
import type { Language } from '../../core/entities.js';
import { cleanCommentBlock, cleanDocstring } from '../languages/text.js';

type CommentStyle = 'hash' | 'slash' | 'none';

const HASH_LANGUAGES = new Set<Language>(['python', 'ruby', 'shell', 'yaml', 'toml']);
const SLASH_LANGUAGES = new Set<Language>(['typescript', 'tsx', 'javascript', 'go', 'rust', 'java', 'c', 'cpp', 'csharp', 'php', 'kotlin', 'scala', 'swift']);
const DOC_LANGUAGES = new Set<Language>(['markdown', 'rst', 'text']);

/** Lines read from the top at most: a leading comment is short, and a file may be long. */
const HEAD_LINES = 120;

const LEGAL = /\b(copyright|licen[cs]ed?|spdx-license-identifier|all rights reserved|permission is hereby granted|warranty)\b|\(c\)\s*\d{4}/i;
const PREAMBLE = /^(#!|#\s*-\*-|#\s*(vim?|ex):|#\s*coding[:=]|\/\/\s*(eslint|prettier|@ts-|tslint|#region)|\/\*\s*(eslint|prettier|tslint|jshint|global)\b|['"]use (strict|client|server)['"];?$|<\?php)/;

export function moduleDoc(language: Language, text: string): string | null {
  const lines = text.split('\n', HEAD_LINES).map((line) => line.replace(/\r$/, ''));
  if (DOC_LANGUAGES.has(language)) return firstHeading(lines);
  const style: CommentStyle = HASH_LANGUAGES.has(language) ? 'hash' : SLASH_LANGUAGES.has(language) ? 'slash' : 'none';
  if (style === 'none') return null;
  for (let at = skipBlank(lines, 0); at < lines.length; at = skipBlank(lines, at)) {
    const line = lines[at]!.trim();
    if (PREAMBLE.test(line)) {
      at++;
      continue;
    }
    const block = language === 'python' ? (pythonDocstring(lines, at) ?? commentBlock(lines, at, style)) : commentBlock(lines, at, style);
    if (block === null) return null;
    if (!LEGAL.test(block.text)) return paragraph(block.text);
    at = block.next;
  }
  return null;
}

interface Block {
  text: string;
  /** The line after the block. */
  next: number;
}

function skipBlank(lines: readonly string[], from: number): number {
  let at = from;
  while (at < lines.length && lines[at]!.trim() === '') at++;
  return at;
}

const DOCSTRING_OPEN = /^[rRuUbB]{0,2}("""|'''|"|')/;

/** Python's module docstring: a string literal as the first statement. */
function pythonDocstring(lines: readonly string[], at: number): Block | null {
  const first = lines[at]!.trim();
  const open = DOCSTRING_OPEN.exec(first);
  if (!open) return null;
  const quote = open[1]!;
  const closesHere = first.indexOf(quote, open[0].length);
  if (closesHere >= 0) return docstring(first.slice(0, closesHere + quote.length), at + 1);
  if (quote.length === 1) return null;
  for (let line = at + 1; line < lines.length; line++) {
    const close = lines[line]!.indexOf(quote);
    if (close >= 0) return docstring([first, ...lines.slice(at + 1, line), lines[line]!.slice(0, close + quote.length)].join('\n'), line + 1);
  }
  return docstring([first, ...lines.slice(at + 1)].join('\n'), lines.length);
}

/** A docstring literal cleaned as extraction cleans one (languages/text.ts). */
function docstring(literal: string, next: number): Block {
  return { text: cleanDocstring(literal) ?? '', next };
}

/** A run of line comments, or one block comment, starting at `at`; null when the line is code. */
function commentBlock(lines: readonly string[], at: number, style: CommentStyle): Block | null {
  const first = lines[at]!.trim();
  if (style === 'slash' && first.startsWith('/*')) return blockComment(lines, at);
  const marker = style === 'hash' ? /^#/ : /^\/\//;
  if (!marker.test(first)) return null;
  let line = at;
  while (line < lines.length && marker.test(lines[line]!.trim())) line++;
  return { text: cleanCommentBlock(lines.slice(at, line).map((text) => text.trim())) ?? '', next: line };
}

function blockComment(lines: readonly string[], at: number): Block {
  for (let line = at; line < lines.length; line++) {
    const close = lines[line]!.indexOf('*/', line === at ? lines[at]!.indexOf('/*') + 2 : 0);
    if (close >= 0) return { text: cleanCommentBlock([[...lines.slice(at, line), lines[line]!.slice(0, close + 2)].join('\n').trim()]) ?? '', next: line + 1 };
  }
  return { text: cleanCommentBlock([lines.slice(at).join('\n').trim()]) ?? '', next: lines.length };
}

/** A docs file's title: its first Markdown heading, an underlined reST title, or its first line. */
function firstHeading(lines: readonly string[]): string | null {
  const at = skipBlank(lines, 0);
  for (let line = at; line < lines.length; line++) {
    const text = lines[line]!.trim();
    const heading = /^#{1,6}\s+(.+?)\s*#*$/.exec(text);
    if (heading) return clip(heading[1]!);
    if (text !== '' && !/^([=\-~^"'`#*+])\1{2,}$/.test(text)) return clip(text);
  }
  return null;
}

/** The first paragraph, on one line, without tags like `@file` or `@module`. */
function paragraph(text: string): string | null {
  const lines = text.split('\n').map((line) => line.trim());
  const start = lines.findIndex((line) => line !== '' && !/^@(file|module|fileoverview|packagedocumentation)\s*$/i.test(line));
  if (start < 0) return null;
  const end = lines.indexOf('', start);
  const joined = lines
    .slice(start, end < 0 ? undefined : end)
    .join(' ')
    .replace(/^@(file|module|fileoverview)\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return joined === '' ? null : clip(joined);
}

function clip(text: string): string {
  if (text.length <= MAX_MODULE_DOC_CHARS) return text;
  const cut = text.slice(0, MAX_MODULE_DOC_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${space > MAX_MODULE_DOC_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}
