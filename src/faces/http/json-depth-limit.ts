// Request bodies nested deeper than any real request are refused before the validator
// walks them: a body nested 100,000 deep overflowed the stack while zod formatted its
// message, and every POST route answered 500 INTERNAL. Runs after the body limit (a body
// over it is never read whole here) and reads the body once: the validator reuses it.

import type { MiddlewareHandler } from 'hono';
import { jsonTextTooDeep, MAX_JSON_DEPTH } from '../../core/json-depth.js';
import { errorBody } from './errors.js';

export function jsonDepthLimit(maxDepth: number = MAX_JSON_DEPTH): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.raw.body !== null && jsonTextTooDeep(await c.req.text(), maxDepth)) {
      return c.json(errorBody('INVALID_REQUEST', `the body nests arrays or objects more than ${maxDepth} deep`, 'send a flatter JSON body: no field of any route needs such depth'), 400);
    }
    return next();
  };
}
