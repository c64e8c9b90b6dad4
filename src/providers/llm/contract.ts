// One schema for what is asked and what is accepted: the JSON Schema sent to the model
// (Ollama `format`, OpenAI `json_schema`, and the system prompt) is generated from the zod
// schema that checks the answer, so a server that follows what it was sent is never
// rejected for a rule it was not told (e.g. a number's minimum).
//
// Use only what both sides can express and OpenAI's strict mode accepts: objects made
// `.strict()`, enums, integer bounds, array item counts. String lengths (minLength /
// maxLength) are not accepted in strict mode: cut long strings after validation instead.

import { z } from 'zod';
import type { JsonSchema } from './port.js';

export interface JsonContract<T> {
  schema: JsonSchema;
  /** Parses an answer or throws an Error whose message is one line naming what is wrong. */
  validate: (value: unknown) => T;
}

/** Issues beyond this many are counted, not listed: the message goes back to the model. */
const LISTED_ISSUES = 3;

export function jsonContract<T>(schema: z.ZodType<T>): JsonContract<T> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema) as JsonSchema;
  return {
    schema: json,
    validate(value) {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      throw new Error(describeIssues(parsed.error));
    },
  };
}

/** `verdicts.2.n: Too big: expected number to be <=12; … (+4 more)` — one line. */
export function describeIssues(error: z.ZodError): string {
  const issues = error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(top level)'}: ${oneLine(issue.message)}`);
  const more = issues.length > LISTED_ISSUES ? ` (+${issues.length - LISTED_ISSUES} more)` : '';
  return `${issues.slice(0, LISTED_ISSUES).join('; ')}${more}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
