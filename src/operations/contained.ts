// What an agent names by path over the faces stays inside the served repository: a path is
// refused, before anything is asked of a store or the disk, when it is absolute, has a "."
// or ".." segment, a backslash, a control character, or a percent-escape of a separator (a
// path arrives decoded once, so an escape still here was encoded twice to slip past a
// check). Links are dealt with where files are opened (core/repo-files.ts).

import { InputError } from '../core/errors.js';

const ENCODED_SEPARATOR = /%(2f|5c|2e)/i;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** `path` when it is repository-relative and stays below the root; else INPUT_INVALID naming `what`. */
export function containedPath(what: string, given: string, path: string = given): string {
  const refuse = (why: string): never => {
    throw new InputError('INPUT_INVALID', `${what} "${given}" ${why}`, { hint: `${what}s are repository-relative, with forward slashes` });
  };
  if (CONTROL.test(given)) refuse('holds a control character');
  if (ENCODED_SEPARATOR.test(given)) refuse('holds an encoded separator');
  if (path.includes('\\')) refuse('holds a backslash');
  if (path.startsWith('/') || /^[A-Za-z]:\//.test(path)) refuse('is an absolute path');
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) refuse('leaves its folder (a "." or ".." segment)');
  return given;
}
