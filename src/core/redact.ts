// The one redactor: what the logger writes and what an agent face hands over (diagnose's
// evidence) pass through it. It replaces, wherever they appear, the secrets the process
// was told about (`protect`: the bearer token of `cairn serve`, the API keys the
// configuration names) and every value shaped like a credential (secret-rules.ts), with
// "[redacted]". It says what it replaced by kind and count, never by value.

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
}

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
  for (const { kind, pattern } of rules) {
    out = out.replace(pattern, (...args: unknown[]) => {
      const groups = args[args.length - 1] as Record<string, string | undefined>;
      if (groups['secret'] === REDACTED) return args[0] as string;
      count(kind, 1);
      return `${groups['pre'] ?? ''}${replacement(groups['secret'] ?? '')}${groups['post'] ?? ''}`;
    });
  }
  return { text: out, counts, total };
}

function lineBreaksOf(text: string): string {
  return (text.match(/\r?\n/g) ?? []).join('');
}
