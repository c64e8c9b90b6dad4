// The one redactor: what the logger writes and what an agent face hands over (diagnose's
// evidence) pass through it. It replaces, wherever they appear, the secrets the process
// was told about (`protect`: the bearer token of `cairn serve`, the API keys the
// configuration names) and every value shaped like a credential (secret-rules.ts), with
// "[redacted]". It says what it replaced by kind and count, never by value.

import { AST_LANGUAGES } from './entities.js';
import { SECRET_RULES, type SecretRule } from './secret-rules.js';

export const REDACTED = '[redacted]';

/** Secrets shorter than this are not replaced by value (a one-letter "secret" would blank every line). */
export const MIN_PROTECTED_LENGTH = 4;

export interface Redaction {
  text: string;
  /** Replacements made, by kind ("protected" for a registered value). */
  counts: Readonly<Record<string, number>>;
  total: number;
}

export interface Redactor {
  /** Registers a secret value: from now on it is replaced wherever it appears (also as JSON escapes it). */
  protect(secret: string | undefined | null): void;
  redact(text: string): Redaction;
}

export function createRedactor(rules: readonly SecretRule[] = SECRET_RULES): Redactor {
  const values = new Set<string>();
  return {
    protect(secret) {
      if (typeof secret !== 'string' || secret.length < MIN_PROTECTED_LENGTH) return;
      values.add(secret);
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (escaped !== secret) values.add(escaped);
    },
    redact: (text) => redactWith(text, values, rules),
  };
}

export interface RedactOptions {
  /**
   * Keep the text's lines: a value spanning lines (a PEM key block) is replaced by
   * "[redacted]" followed by the line breaks it spanned, so every other line keeps its
   * number — code handed to an agent is cited and edited by line.
   */
  keepLines?: boolean;
  /**
   * The text is a program's source (a language whose literals are quoted: `isProgramSource`).
   * There an unquoted value after a secret's name is an identifier or a member chain — a type
   * (`secret: SignatureKey`), a variable (`password=new_password`) — and is kept: replacing it
   * would show an agent a line the file does not hold. Quoted literals are still replaced.
   */
  programSource?: boolean;
}

/** Languages whose string literals are quoted: an unquoted word after `name:`/`name=` in them is code, not a value. */
const PROGRAM_LANGUAGES: ReadonlySet<string> = new Set([...AST_LANGUAGES, 'c', 'cpp', 'csharp', 'ruby', 'php', 'kotlin', 'scala', 'swift']);

function isProgramSource(language: string | null | undefined): boolean {
  return language !== null && language !== undefined && PROGRAM_LANGUAGES.has(language);
}

/** A file's text as a face hands it to an agent: credentials redacted, every line at its number, names in program source kept. */
export function redactShown(text: string, language: string | null | undefined): Redaction {
  return redactSecrets(text, { keepLines: true, programSource: isProgramSource(language) });
}

/** An identifier or a member chain (`SignatureKey`, `self.password`, `$token`). */
const NAME_IN_CODE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * Whether an unquoted value in program source is a name: an identifier outside any string
 * of its line. Inside one — an odd count of a quote before it on the line, or a quote, `&`
 * or `;` right after it — a word after `password=` is a literal (`'db?password=hunter2'`,
 * `"mysql --password=hunter2 -e …"`).
 */
function nameInCode(secret: string, replaceArgs: readonly unknown[]): boolean {
  if (!NAME_IN_CODE.test(secret)) return false;
  const whole = replaceArgs[0] as string;
  const offset = replaceArgs[replaceArgs.length - 3] as number;
  const input = replaceArgs[replaceArgs.length - 2] as string;
  if (/["'\x60&;]/.test(input.charAt(offset + whole.length))) return false;
  // The line before it, at most LOOK_BACK characters: a megabyte-long line of matches stays linear.
  const window = input.slice(Math.max(0, offset - LOOK_BACK), offset);
  const before = window.slice(window.lastIndexOf('\n') + 1);
  return QUOTES.every((quote) => before.split(quote).length % 2 === 1);
}

const LOOK_BACK = 400;

const QUOTES = ['"', "'", '\x60'];

/** The text with every credential-shaped value replaced (no registered values). */
export function redactSecrets(text: string, options: RedactOptions = {}): Redaction {
  return redactWith(text, new Set(), SECRET_RULES, options);
}

function redactWith(text: string, values: ReadonlySet<string>, rules: readonly SecretRule[], options: RedactOptions = {}): Redaction {
  const replacement = (secret: string): string => (options.keepLines === true ? `${REDACTED}${lineBreaksOf(secret)}` : REDACTED);
  const counts: Record<string, number> = {};
  let total = 0;
  const count = (kind: string, n: number): void => {
    counts[kind] = (counts[kind] ?? 0) + n;
    total += n;
  };
  let out = text;
  for (const value of values) {
    const parts = out.split(value);
    if (parts.length > 1) {
      count('protected', parts.length - 1);
      out = parts.join(replacement(value));
    }
  }
  for (const { kind, pattern, unquoted } of rules) {
    const keepNames = unquoted === true && options.programSource === true;
    out = out.replace(pattern, (...args: unknown[]) => {
      const groups = args[args.length - 1] as Record<string, string | undefined>;
      if (groups['secret'] === REDACTED) return args[0] as string;
      if (keepNames && nameInCode(groups['secret'] ?? '', args)) return args[0] as string;
      count(kind, 1);
      return `${groups['pre'] ?? ''}${replacement(groups['secret'] ?? '')}${groups['post'] ?? ''}`;
    });
  }
  return { text: out, counts, total };
}

function lineBreaksOf(text: string): string {
  return (text.match(/\r?\n/g) ?? []).join('');
}
