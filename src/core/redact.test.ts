import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED, redactSecrets, redactShown } from './redact.js';

// Made-up values in the documented shapes (none of them is a live credential).
const PEM = ['-----BEGIN RSA PRIVATE KEY-----', 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun', 'VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK', '-----END RSA PRIVATE KEY-----'].join('\n');
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

/** [what, text, the secret part that must be gone, what must stay]. */
const SECRETS: [string, string, string, string][] = [
  ['a URL with a password (.git/config)', '\turl = https://alice:hunter2secret@github.com/acme/app.git', 'hunter2secret', 'https://alice:[redacted]@github.com/acme/app.git'],
  ['a database URL', 'DATABASE_URL=postgres://admin:s3cretpass@db.internal:5432/app', 's3cretpass', '@db.internal:5432/app'],
  ['an AWS access key id', 'AWS_ACCESS_KEY_ID=AKIAQYLPMN5HFIQR7BXZ', 'AKIAQYLPMN5HFIQR7BXZ', 'AWS_ACCESS_KEY_ID='],
  ['an AWS secret key', 'aws_secret_access_key = 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', 'wJalrXUtnFEMI', 'aws_secret_access_key = '],
  ['a GitHub token', 'GITHUB_TOKEN=ghp_R2d8kLq0Zx7vB3nM5pW9yT1cF6hJ4sA8eU0i', 'ghp_R2d8kLq0Zx7vB3nM5pW9yT1cF6hJ4sA8eU0i', 'GITHUB_TOKEN='],
  ['a fine-grained GitHub token', 'token github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz', 'github_pat_11ABCDEFG', 'token '],
  ['a GitLab token', 'CI_TOKEN: glpat-Xy7Zq2Lm9Np4Rs6Tv8Wb', 'glpat-Xy7Zq2Lm9Np4Rs6Tv8Wb', 'CI_TOKEN: '],
  ['a Slack token', 'slack_bot = xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx', 'xoxb-123456789012', 'slack_bot = '],
  ['a Slack webhook', 'hook https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXXXXXXXXXX', 'T0000/B0000', 'https://hooks.slack.com/services/'],
  ['a Stripe key', "stripe.api_key_live = sk_live_51H8abcDEFghiJKLmno", 'sk_live_51H8abcDEFghiJKLmno', 'stripe.api_key_live = '],
  ['a private key block', `key:\n${PEM}\nafter`, 'MIIEowIBAAKCAQEAu1SU1Lf', '-----BEGIN RSA PRIVATE KEY-----[redacted]\nafter'],
  ['a private key block cut before its END', PEM.slice(0, 120), 'MIIEowIBAAKCAQEAu1SU1Lf', '-----BEGIN RSA PRIVATE KEY-----[redacted]'],
  ['a JWT', `session=${JWT}; Path=/`, 'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0', 'Path=/'],
  ['a bearer token in a header', 'Authorization: Bearer abcdefgh.ijk', 'abcdefgh.ijk', 'Authorization: Bearer [redacted]'],
  ['a bearer token in a command', 'curl -H "X-Auth: Bearer 9f8e7d6c5b4a3210ff" https://api', '9f8e7d6c5b4a3210ff', 'Bearer [redacted]'],
  ['basic authorization', "headers: { 'Proxy-Authorization': 'Basic YWxpY2U6aHVudGVyMg==' }", 'YWxpY2U6aHVudGVyMg', 'Basic [redacted]'],
  ['password= in a log line', 'connecting with password=hunter22 to db', 'hunter22', 'connecting with password=[redacted] to db'],
  ['secret= in a query string', 'GET /cb?client_secret=abc123def456&state=1', 'abc123def456', '&state=1'],
  ['api_key= on a command line', 'run --api_key=k-3f9a8b7c6d', 'k-3f9a8b7c6d', '--api_key=[redacted]'],
  ['a quoted assignment', 'API_KEY = "abcd1234efgh5678"', 'abcd1234efgh5678', 'API_KEY = "[redacted]"'],
  ['a JSON field', '{"db_password": "correct horse battery"}', 'correct horse battery', '{"db_password": "[redacted]"}'],
  ['a .env line', 'export SECRET_KEY=django-insecure-abc123', 'django-insecure-abc123', 'export SECRET_KEY=[redacted]'],
  ['a YAML line with a comment', '  password: hunter2   # prod', 'hunter2', '  password: [redacted]   # prod'],
  ['a .netrc line', 'machine github.com login alice password hunter2', 'hunter2', 'login alice password [redacted]'],
  ['an npm token', '//registry.npmjs.org/:_authToken=npm_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789', 'npm_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789', ':_authToken='],
];

/** Code and prose that name secrets without holding one: left as they are. */
const NOT_SECRETS = [
  'password = get_password()',
  'token: string;',
  'const token = options.token;',
  'if (token === "public") found.isPublic = true;',
  "label = cutBy === 'tokens' ? 'token' : 'other'",
  'tokenizer = "o200k_base"',
  'password_hash = "pbkdf2:sha256"',
  'def login(self, password: str):',
  'api_key = os.environ["API_KEY"]',
  'return fetch(url, token=token, data=body)',
  'secret: ${SECRET}',
  'password: <your password>',
  // requests' tests: a URL's password that is a placeholder or a letter or two is no credential.
  'f"http://{ENCODED_USER}:{ENCODED_PASSWORD}@request.com/url.html#test",',
  '("hTTp://u:p@Some.Host/path", "http://some.host.proxy", http_proxies),',
  'git clone https://x-access-token:${GITHUB_TOKEN}@github.com/o/r.git',
  'permissions:\n  id-token: write',
  'the bearer authentication middleware checks the header',
  'commit 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a',
  'id = "550e8400-e29b-41d4-a716-446655440000"',
  'https://github.com/acme/app.git',
  'see https://user@example.com/path:8080',
];

describe('redactSecrets', () => {
  it.each(SECRETS)('redacts %s', (_what, text, secret, kept) => {
    const { text: out, total } = redactSecrets(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(kept);
    expect(out).toContain(REDACTED);
    expect(total).toBeGreaterThan(0);
  });

  it.each(NOT_SECRETS)('leaves %j as it is', (text) => {
    expect(redactSecrets(text)).toEqual({ text, counts: {}, total: 0 });
  });

  it('counts by kind, never keeps the value, and is idempotent', () => {
    const text = `url = https://bob:pw123456@host/x\nGITHUB_TOKEN=ghp_R2d8kLq0Zx7vB3nM5pW9yT1cF6hJ4sA8eU0i\n${PEM}`;
    const once = redactSecrets(text);
    expect(once.counts).toEqual({ 'url-password': 1, 'github-token': 1, 'private-key': 1 });
    expect(JSON.stringify(once.counts)).not.toContain('pw123456');
    expect(redactSecrets(once.text)).toEqual({ text: once.text, counts: {}, total: 0 });
  });

  it('finds a secret whatever surrounds it', () => {
    const secrets = fc.constantFrom('ghp_R2d8kLq0Zx7vB3nM5pW9yT1cF6hJ4sA8eU0i', 'AKIAQYLPMN5HFIQR7BXZ', 'glpat-Xy7Zq2Lm9Np4Rs6Tv8Wb', 'sk_live_51H8abcDEFghiJKLmno', JWT);
    const around = fc.string({ maxLength: 40 }).map((text) => text.replace(/[A-Za-z0-9_-]$/, ''));
    fc.assert(
      fc.property(around, secrets, around.map((text) => text.replace(/^[A-Za-z0-9_-]/, '')), (before, secret, after) => {
        expect(redactSecrets(`${before} ${secret} ${after}`).text).not.toContain(secret);
      }),
    );
  });

  it('stays linear on hostile text: a megabyte of near-misses in well under the guard', () => {
    const hostile = ['a.'.repeat(500_000), 'password='.repeat(110_000), '-----BEGIN RSA PRIVATE KEY-----\n'.repeat(31_000), 'password = "'.repeat(80_000), 'eyJabcdefghij.'.repeat(70_000)];
    for (const text of [...hostile, 'password=abcd '.repeat(80_000)]) {
      const started = performance.now();
      redactSecrets(text);
      redactShown(text, 'python');
      // A guard against runaway backtracking (which takes minutes), not a speed target.
      expect(performance.now() - started).toBeLessThan(10_000);
    }
  });
});

describe('redactShown: a file as a face hands it out', () => {
  // hono's jwt middleware: `secret: SignatureKey` in an options type was shown as
  // `secret: [redacted]`, so an agent's search/replace of that line failed.
  it('keeps a type or a name after a secret’s name in program source (the jwt options type was redacted)', () => {
    const typescript = 'export const jwt = (options: {\n  secret: SignatureKey\n  token?: TokenSource\n}) => {\n  const password = options.password\n}';
    expect(redactShown(typescript, 'typescript')).toEqual({ text: typescript, counts: {}, total: 0 });
    const python = 'client = connect(\n    user=user,\n    password=new_password\n)\nsecret_key: self.settings.secret_key';
    expect(redactShown(python, 'python')).toEqual({ text: python, counts: {}, total: 0 });
  });

  it('still redacts quoted literals in program source, and unquoted values in config and text', () => {
    expect(redactShown('const password = "hunter2-prod"\n', 'typescript').text).toBe('const password = "[redacted]"\n');
    expect(redactShown('db:\n  password: hunter2prod\n', 'yaml').text).toBe('db:\n  password: [redacted]\n');
    expect(redactShown('export API_TOKEN=abc123def\n', 'shell').text).toBe('export API_TOKEN=[redacted]\n');
    expect(redactShown('  secret: SignatureKey\n', 'markdown').text).toBe('  secret: [redacted]\n');
    expect(redactShown('password=hunter2x&user=bob', null).text).toBe('password=[redacted]&user=bob');
  });

  it('keeps only names in program source: an unquoted value that is no identifier is still redacted', () => {
    expect(redactShown('  token: abc-123-def\n', 'typescript').text).toBe('  token: [redacted]\n');
    // Inside a string a word after `password=` is a literal.
    expect(redactShown("connect('postgres://u@db/x?password=hunter2')\n", 'typescript').text).toBe("connect('postgres://u@db/x?password=[redacted]')\n");
    expect(redactShown('run("mysql --password=hunter2 -e x")\n', 'python').text).toBe('run("mysql --password=[redacted] -e x")\n');
  });
});

describe('redactSecrets with keepLines', () => {
  it('keeps every line at its number: a key block spanning lines leaves its line breaks', () => {
    const text = ['a = 1', '-----BEGIN RSA PRIVATE KEY-----', 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun', 'QWxhZGRpbjpvcGVuIHNlc2FtZQ==', '-----END RSA PRIVATE KEY-----', 'b = 2'].join('\r\n');
    const kept = redactSecrets(text, { keepLines: true });
    expect(kept.total).toBe(1);
    const lines = kept.text.split('\r\n');
    expect(lines).toHaveLength(6);
    expect([lines[0], lines[5]]).toEqual(['a = 1', 'b = 2']);
    expect(kept.text).not.toContain('MIIEow');
    // Without the option the block collapses onto one line.
    expect(redactSecrets(text).text.split('\r\n')).toHaveLength(3);
  });
});

describe('createRedactor', () => {
  it('replaces registered values wherever they appear, also JSON-escaped, and ignores short ones', () => {
    const redactor = createRedactor();
    redactor.protect('plain-value-1234');
    redactor.protect('p"ss\\word-1234567');
    redactor.protect('ab');
    redactor.protect(undefined);
    const out = redactor.redact(`x plain-value-1234 y ${JSON.stringify('p"ss\\word-1234567')} ab`);
    expect(out.text).toBe('x [redacted] y "[redacted]" ab');
    expect(out.counts).toEqual({ protected: 2 });
  });
});
