// What a credential looks like in text: the shapes of well-known keys and tokens (their
// documented prefixes and lengths), private key blocks, URLs carrying a password, bearer
// and basic authorization values, and assignments to names that hold secrets. Each rule
// marks the secret part with the named group `secret`, the context kept around it with
// `pre` and `post`, so that a reader still sees what was there ("https://alice:[redacted]@…").
//
// Every quantifier is bounded or anchored on a fixed prefix: the rules run over whole log
// files and every log line, so no input may make one backtrack without bound.
//
// Why not a library: the pattern sets kept for JavaScript (secretlint's recommended preset)
// run asynchronously only (the logger needs a synchronous answer), their current releases
// need Node 22, and they leave out JWTs, Stripe and GitLab tokens, bearer values and plain
// `password=` assignments (measured in bench/README.md, "Redaction").

export interface SecretRule {
  /** A short name, reported with the count of redactions (never the value). */
  kind: string;
  /** Global; groups `secret` (required), `pre` and `post` (optional) cover the whole match. */
  pattern: RegExp;
  /**
   * The value is taken unquoted (`password=hunter2`, `token: abc123`). In a program's source
   * such a value is a name, a type or an expression (`secret: SignatureKey` in a TypeScript
   * type, `password=new_password` as a call's last argument), never a literal: see redact.ts.
   */
  unquoted?: true;
}

/**
 * Names that hold secrets: `password`, `DB_PASSWORD`, `apiKey`, `aws_secret_access_key`,
 * `auth_token`… (not `tokenizer`, `password_hash`). Only the end of the name is matched:
 * whatever precedes it stays in place, and no scan starts at every word boundary.
 */
const SECRET_WORD = String.raw`(?:pass(?:word|wd|phrase)|pwd|secret(?:[_-]?access)?(?:[_-]?key)?|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|client[_-]?secret)(?![A-Za-z0-9])`;
/** A quoted key ending in such a name ("DB_PASSWORD":), not a string that ends a ternary's branch (? 'token' : …). */
const QUOTED_SECRET_KEY = String.raw`(?<![?:][ \t]{0,4})(?<keyQuote>["'])[A-Za-z0-9_.-]{0,40}?${SECRET_WORD}\k<keyQuote>`;

/** Values that are placeholders or types, not secrets: `${VAR}`, `<token>`, `***`, `string`. */
const NOT_A_VALUE = String.raw`(?![$<{%*]|(?:string|str|bool|boolean|number|int|integer|float|none|null|nil|true|false|undefined|required|optional|read|write)\b)`;

const rule = (kind: string, source: string, flags = 'g', unquoted = false): SecretRule => ({ kind, pattern: new RegExp(source, flags), ...(unquoted ? { unquoted: true as const } : {}) });

export const SECRET_RULES: readonly SecretRule[] = [
  // A PEM block, to its END line or, when the text was cut inside it, to the end of the text
  // (the body runs to the next "-----": linear however many blocks lack their END).
  rule('private-key', String.raw`(?<pre>-----BEGIN[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----)(?<secret>(?:[^-]|-(?!----))*(?:-----END[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----)?)`),
  // Not a placeholder (`${TOKEN}`, `{ENCODED_PASSWORD}`, `<password>`, `***`), nor one or two characters (`u:p@`): test URLs are full of them.
  rule('url-password', String.raw`(?<pre>\b[A-Za-z][A-Za-z0-9+.-]{1,20}://[^\s:@/"'\\<>]{0,200}:)(?![$<{%*])(?<secret>[^\s@/"'\\<>]{3,300})(?=@)`),
  rule('aws-access-key-id', String.raw`\b(?<secret>(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)[A-Z0-9]{16})\b`),
  rule('github-token', String.raw`\b(?<secret>gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b`),
  rule('gitlab-token', String.raw`\b(?<secret>(?:gl(?:pat|ptt|dt|rt|ft|soat|cbt|imt|oas|agent)-|GR1348941)[A-Za-z0-9_-]{20,255})`),
  rule('slack-token', String.raw`\b(?<secret>xox[abposre]-[A-Za-z0-9-]{10,255}|xapp-[A-Za-z0-9-]{10,255})`),
  rule('slack-webhook', String.raw`(?<pre>https://hooks\.slack\.com/(?:services|workflows|triggers)/)(?<secret>[A-Za-z0-9+/_-]{10,255})`),
  rule('stripe-key', String.raw`\b(?<secret>(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,255}|whsec_[A-Za-z0-9]{20,255})\b`),
  rule('npm-token', String.raw`\b(?<secret>npm_[A-Za-z0-9]{36})\b`),
  rule('openai-anthropic-key', String.raw`\b(?<secret>sk-(?:proj-|svcacct-|admin-|ant-(?:api|admin)\d{2}-)?[A-Za-z0-9_-]{32,255})`),
  rule('google-api-key', String.raw`\b(?<secret>AIza[0-9A-Za-z_-]{35})`),
  rule('jwt', String.raw`\b(?<secret>eyJ[A-Za-z0-9_-]{8,4000}\.eyJ[A-Za-z0-9_-]{8,8000}\.[A-Za-z0-9_-]{0,2000})`),
  // The value of an Authorization header, whatever its scheme; elsewhere "Bearer" followed by a token (with a digit: not prose).
  rule('authorization', String.raw`(?<pre>\bAuthorization["']?[ \t]*[:=][ \t]*["']?(?:Basic|Bearer|Token|Digest)[ \t]+)(?<secret>[A-Za-z0-9\-._~+/]{4,4000}=*)`, 'gi'),
  rule('bearer-token', String.raw`(?<pre>\b[Bb]earer[ \t]+)(?=[A-Za-z\-._~+/]{0,4000}\d)(?<secret>[A-Za-z0-9\-._~+/]{12,4000}=*)`),
  rule('netrc-password', String.raw`(?<pre>\blogin[ \t]+\S{1,200}[ \t]+password[ \t]+)(?<secret>\S{1,300})`),
  // api_key = "abc123…", "password": 'hunter2', token := `…` — a quoted literal, anywhere on a line.
  rule('assigned-secret', String.raw`(?<pre>(?:${QUOTED_SECRET_KEY}|${SECRET_WORD})[ \t]*(?:=|:=|:|=>)[ \t]*(?<quote>["'\x60]))${NOT_A_VALUE}(?<secret>[^"'\x60\\\r\n]{4,500})(?<post>\k<quote>)`, 'gi'),
  // password=hunter2 in a line of text, a query string or a command line (not password=get_password()
  // nor a keyword argument passing a variable, f(token=token, …)).
  rule('assigned-secret', String.raw`(?<pre>${SECRET_WORD}[ \t]?=)${NOT_A_VALUE}(?<secret>[^\s"'\x60&;,()\[\]{}<>=]{4,500}={0,2})(?=[\s"'\x60&;]|$)`, 'gi', true),
  // DB_PASSWORD: s3cr3t, export API_TOKEN=abc, "  password: hunter2  # prod" — a whole line of a config file.
  rule('assigned-secret', String.raw`^(?<pre>[ \t]*(?:export[ \t]+|-[ \t]+)?[A-Za-z0-9_.-]{0,40}?${SECRET_WORD}[ \t]*[:=][ \t]*)${NOT_A_VALUE}(?<secret>[^\s"'\x60#;,()\[\]{}<>]{4,500})(?=[ \t]*(?:[ \t]#.*)?\r?$)`, 'gim', true),
];
