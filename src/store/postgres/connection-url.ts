// Connection URLs (`postgres://user:password@host:port/db?sslmode=verify-full&...`). The URL
// goes to libpq unchanged, so every libpq setting in it — sslmode, sslrootcert, sslcert,
// sslkey, connect_timeout, application_name, options — takes effect as libpq documents it.
// Only a redacted copy (password replaced) is ever put in a message, an error or a log,
// and driver messages are scrubbed of the password before cairn repeats them.

import { ConfigError } from '../../core/errors.js';
import { redactedStoreUrl, storeSecret } from '../../config/store-choice.js';

export interface PgTarget {
  /** What libpq connects with: the URL as given. */
  conninfo: string;
  /** The URL with its password replaced: safe for messages and logs. */
  redacted: string;
  /** The password, to scrub from driver messages; empty when the URL has none. */
  secret: string;
}

const SCHEMES = new Set(['postgres:', 'postgresql:']);

export function parsePgUrl(url: string): PgTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Never echo the input: it may hold a password in a shape URL could not parse.
    throw new ConfigError('the PostgreSQL connection is not a valid URL', {
      hint: 'write it as postgres://user@host:5432/database (libpq settings such as sslmode go in the query string)',
    });
  }
  if (!SCHEMES.has(parsed.protocol)) {
    throw new ConfigError(`the PostgreSQL connection URL must start with postgres:// or postgresql:// (got ${parsed.protocol}//)`, {
      hint: 'write it as postgres://user@host:5432/database',
    });
  }
  return { conninfo: url, redacted: redactedStoreUrl(url), secret: storeSecret(url) };
}

/** A driver message with the password (raw or URL-encoded) taken out, on one line. */
export function scrub(message: string, secret: string): string {
  let text = message.replace(/\s+/g, ' ').trim();
  if (secret === '') return text;
  for (const form of new Set([secret, encodeURIComponent(secret)])) text = text.split(form).join('***');
  return text;
}
