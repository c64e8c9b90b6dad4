// Section shares as a schema, for the faces that validate a request body as one (HTTP). A
// module of its own: operations/context.ts, which every retrieval loads, must not load zod.

export { sectionSharesSchema } from '../retrieval/budget/section-shares-schema.js';
