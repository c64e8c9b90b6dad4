// What `cairn enrich` asks a model about one file, and what it accepts back: a strict JSON
// object whose JSON Schema is generated from the validator (providers/llm/contract.ts).
// Long strings are cut after validation, as strict mode cannot express lengths.

import { z } from 'zod';
import { MAX_CONCEPT_CHARS, MAX_CONCEPTS, MAX_DOMAIN_CHARS, MAX_SUMMARY_CHARS } from '../../core/enrichment.js';
import type { FileMetadata } from '../../core/file-meta.js';
import { jsonContract } from '../../providers/llm/contract.js';
import type { ChatJsonRequest } from '../../providers/llm/port.js';

/** The file text the model reads at most (its head: imports, docstring, first definitions). */
const FILE_EXCERPT_CHARS = 6000;

const answerSchema = z
  .object({
    summary: z.string(),
    domain: z.string(),
    concepts: z.array(z.string()).max(MAX_CONCEPTS),
  })
  .strict();

export type EnrichAnswer = z.infer<typeof answerSchema>;

const contract = jsonContract(answerSchema);

const SYSTEM =
  'You describe source files for a code search engine that picks the files a coding task needs. ' +
  'For the file given, write: summary — one or two sentences on what the file is for (its responsibility, not a list of its functions); ' +
  'domain — the area of the code base it belongs to, in a few words; ' +
  `concepts — up to ${MAX_CONCEPTS} key concepts or terms a task about this file would use.`;

export function enrichRequest(path: string, text: string, meta: FileMetadata | null): ChatJsonRequest<EnrichAnswer> {
  const excerpt = text.length > FILE_EXCERPT_CHARS ? `${text.slice(0, FILE_EXCERPT_CHARS)}\n… (${text.length - FILE_EXCERPT_CHARS} more characters)` : text;
  const facts = meta === null ? '' : `Module: ${meta.module}${meta.domain ? ` (in ${meta.domain})` : ''}. Defines: ${meta.topLevel.slice(0, 20).join(', ') || 'nothing at the top level'}.\n`;
  return {
    system: SYSTEM,
    user: `File: ${path}\n${facts}\n${excerpt}`,
    ...contract,
    schemaName: 'file_enrichment',
    temperature: 0,
  };
}

/** The answer with its strings trimmed and cut to their limits; empty concepts dropped. */
export function boundedAnswer(answer: EnrichAnswer): EnrichAnswer {
  const cut = (text: string, max: number): string => {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  };
  return {
    summary: cut(answer.summary, MAX_SUMMARY_CHARS),
    domain: cut(answer.domain, MAX_DOMAIN_CHARS),
    concepts: answer.concepts.map((concept) => cut(concept, MAX_CONCEPT_CHARS)).filter((concept) => concept !== ''),
  };
}
