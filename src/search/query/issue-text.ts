// Splits a task or issue text into the parts that carry different evidence: the title
// (first line), the prose, code (fences, indented blocks, inline `code`) and links.
// Issue-template boilerplate (checklists, "_No response_", HTML comments) is removed:
// it is the same in every issue of a project and says nothing about this one. So are git
// trailers ("Co-authored-by: name <mail>", "Signed-off-by:", "Assisted-By: tool/id") that a
// task copied from a commit or a squashed pull request carries: names, mail hosts and ids.

export interface IssueText {
  title: string;
  /** Prose without code, links and template boilerplate. */
  prose: string;
  /** Fenced and indented code blocks, in order. */
  codeBlocks: string[];
  /** Inline `code` spans, in order. */
  inlineCode: string[];
  urls: string[];
}

const FENCE = /^(\s*)(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\s*\2[ \t]*$/gm;
const INLINE_CODE = /(`+)([^`\n]+?)\1/g;
const URL = /\bhttps?:\/\/[^\s)<>\]"']+/g;
const HTML_COMMENT = /<!--[\s\S]*?-->/g;
/**
 * A task-list item with the lines it wraps onto (markdown's lazy continuation: up to a blank
 * line, the next list item or a heading). A PR template's "- [ ] I have followed the
 * [Contributing\nguide](…/CONTRIBUTING.md)" wraps its link onto the next line.
 */
const CHECKLIST_ITEM = /^\s*[-*]\s+\[[ xX]\]\s.*(?:\n(?![ \t]*$)(?![ \t]*(?:[-*+]|\d+[.)])[ \t])(?![ \t]*#).*)*/gm;
const NO_RESPONSE = /^\s*_No response_\s*$/gim;
/** A git trailer whose key ends in "-by" (git interpret-trailers), bulleted or not, as GitHub's squash lists them. */
const BY_TRAILER = /^[ \t]*(?:[-*][ \t]+)?[A-Za-z]+(?:-[A-Za-z]+)*-by:[ \t].*$/gim;

export function parseIssueText(text: string): IssueText {
  const normalized = text.replace(/\r\n?/g, '\n');
  const newline = normalized.indexOf('\n');
  const title = (newline < 0 ? normalized : normalized.slice(0, newline)).trim();
  let body = newline < 0 ? '' : normalized.slice(newline + 1);

  body = body.replace(HTML_COMMENT, ' ').replace(CHECKLIST_ITEM, '').replace(NO_RESPONSE, '').replace(BY_TRAILER, '');
  const codeBlocks: string[] = [];
  body = body.replace(FENCE, (_match, _indent, _fence, code: string) => {
    codeBlocks.push(code);
    return '\n';
  });
  body = extractIndentedBlocks(body, codeBlocks);
  const urls = [...`${title}\n${body}`.matchAll(URL)].map((match) => match[0]);
  body = body.replace(URL, ' ');
  const inlineCode: string[] = [];
  const collectInline = (source: string): string =>
    source.replace(INLINE_CODE, (_match, _ticks, code: string) => {
      inlineCode.push(code.trim());
      return ` ${code} `;
    });
  const cleanTitle = collectInline(title.replace(URL, ' '));
  const prose = collectInline(body);
  return { title: cleanTitle.replace(/\s+/g, ' ').trim(), prose: prose.trim(), codeBlocks, inlineCode, urls };
}

/** Markdown code indented by four spaces (tracebacks pasted without fences often are). */
function extractIndentedBlocks(body: string, blocks: string[]): string {
  const lines = body.split('\n');
  const kept: string[] = [];
  let block: string[] = [];
  const flush = (): void => {
    if (block.length >= 2) blocks.push(block.map((line) => line.slice(4)).join('\n'));
    else kept.push(...block);
    block = [];
  };
  for (const line of lines) {
    if (/^( {4}|\t)\S/.test(line)) block.push(line.replace(/^\t/, '    '));
    else {
      flush();
      kept.push(line);
    }
  }
  flush();
  return kept.join('\n');
}
