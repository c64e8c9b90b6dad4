// The HTTP part of the campaign, against a running `cairn serve`: what an agent may read
// (diagnose's run_dir, files by path, search), and requests no client should send —
// malformed framing, Host games, bodies that never end or nest too deep, headers dribbled.
// The rules: never a secret or a file from outside; every refusal a 4xx JSON error
// `{error: {code, message}}` (never 5xx, never an empty body); a slow client let go within
// the read limits.

import { rawExchange, type RawAnswer } from '../../test/support/raw-http.js';
import { firstFailing, type Checks } from './check.js';
import { BUNDLE, secretsIn } from './workspace.js';

const GROUP_ACCESS = 'http access';
const GROUP_INPUT = 'http input';

async function post(url: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
}

function typedError(status: number, text: string): string | null {
  if (status >= 500) return `answered ${status}`;
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string' ? null : 'not the {error: {code, message}} form';
  } catch {
    return text === '' ? 'an empty body' : 'not JSON';
  }
}

function describeRaw(answer: RawAnswer): string {
  const open = answer.closedByServer ? '' : ', connection still open';
  if (answer.status !== null && answer.status < 300) return `${answer.status}${open}`;
  let code: string;
  try {
    code = (JSON.parse(answer.body) as { error: { code: string } }).error.code;
  } catch {
    code = answer.body === '' ? '(empty body)' : '(not JSON)';
  }
  return `${answer.status ?? 'no status'} ${code}${open}`;
}

export async function accessChecks(checks: Checks, url: string): Promise<void> {
  const runDirs = ['.git', '.git/logs', '.git/refs', '.cairn', 'deploy', 'logs', 'logs/ci', 'runs/r1', '../outside', 'runs%2F..%2F..%2Foutside', '/etc', 'runs/../.git'];
  for (const runDir of runDirs) {
    await checks.run(GROUP_ACCESS, `POST /diagnose run_dir ${JSON.stringify(runDir)}`, 30_000, async () => {
      const answer = await post(url, '/diagnose', { bundle: BUNDLE, run_dir: runDir, phase: 'build', attempt: 2, always: true });
      const leaked = secretsIn(answer.text);
      const finding = firstFailing([
        [leaked.length === 0, `handed out ${leaked.length} secret(s): ${leaked.map((secret) => `${secret.slice(0, 6)}…`).join(', ')}`],
        [!answer.text.includes('OUTSIDE_MARKER'), 'handed out a file outside the repository'],
        [answer.status < 500, `answered ${answer.status}`],
      ]);
      return { got: `${answer.status}${answer.status === 200 ? ` (${(answer.text.match(/"content":/g) ?? []).length} texts)` : ''}`, finding };
    });
  }
  for (const target of ['deploy/.env', '.git/config', '.git/packed-refs']) {
    await checks.run(GROUP_ACCESS, `POST /retrieval/symbol target ${target}`, 30_000, async () => {
      const answer = await post(url, '/retrieval/symbol', { target });
      return { got: String(answer.status), finding: firstFailing([[secretsIn(answer.text).length === 0, 'handed out a secret'], [answer.status === 404 || answer.status === 400, `answered ${answer.status}`]]) };
    });
  }
  await checks.run(GROUP_ACCESS, 'POST /retrieval/search for a secret value', 30_000, async () => {
    const answer = await post(url, '/retrieval/search', { query: 'STRIPE_KEY DB_PASSWORD sk_live' });
    return { got: String(answer.status), finding: secretsIn(answer.text).length === 0 ? null : 'handed out a secret' };
  });
}

export async function malformedChecks(checks: Checks, url: string): Promise<void> {
  const get = (path: string, headers: string): string => `GET ${path} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;
  const post1 = (headers: string, body: string): string => `POST /retrieval/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}Connection: close\r\n\r\n${body}`;
  const refusals: [string, string, number[]][] = [
    ['negative Content-Length', post1('Content-Length: -5\r\n', '{}'), [400]],
    ['Content-Length and Transfer-Encoding', post1('Content-Length: 2\r\nTransfer-Encoding: chunked\r\n', '{}'), [400]],
    ['bad chunk size', post1('Transfer-Encoding: chunked\r\n', 'zz\r\n{}\r\n0\r\n\r\n'), [400]],
    ['URL over 16 KB', get(`/health?q=${'a'.repeat(17_000)}`, 'Host: 127.0.0.1\r\n'), [431]],
    ['headers over 16 KB', get('/health', `Host: 127.0.0.1\r\nX-Big: ${'a'.repeat(17_000)}\r\n`), [431]],
    ['not HTTP', 'HELLO THERE\r\n\r\n', [400]],
    ['NUL in the path', get('/he\u0000alth', 'Host: 127.0.0.1\r\n'), [400, 404]],
    ['Host: [::ffff:127.0.0.1]', get('/health', 'Host: [::ffff:127.0.0.1]\r\n'), [400]],
    ['empty Host', get('/health', 'Host:\r\n'), [400]],
    ['no Host (HTTP/1.1)', get('/health', ''), [400]],
    ['no Host (HTTP/1.0)', 'GET /health HTTP/1.0\r\n\r\n', [400]],
    ['Host: attacker.example', get('/health', 'Host: attacker.example\r\n'), [403]],
    ['Host: LOCALHOST', get('/health', 'Host: LOCALHOST\r\n'), [200]],
    ['absolute-form URL to another host', get('http://attacker.example/health', 'Host: 127.0.0.1\r\n'), [200, 403]],
    ['invalid JSON body', post1('Content-Length: 9\r\n', '{"query":'), [400]],
    // Only the first KiB is sent: the length announced is refused at once (a client still writing 5 MiB may see the reset before the answer).
    ['body announced over the limit (5 MiB)', post1(`Content-Length: ${5 * 1024 * 1024}\r\n`, 'x'.repeat(1024)), [413]],
    // 415: a write must be JSON (faces/http/cross-site.ts — a form post from another site cannot send it).
    ['text/plain body', `POST /retrieval/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi`, [415]],
    ['limit 1e308', post1('Content-Length: 30\r\n', '{"query":"cart","limit":1e308}'), [400]],
    ['unknown route', get('/nope', 'Host: 127.0.0.1\r\n'), [404]],
  ];
  for (const [name, request, statuses] of refusals) {
    await checks.run(GROUP_INPUT, name, 20_000, async () => {
      const answer = await rawExchange(url, [request], { guardMs: 15_000 });
      const accepted = answer.status !== null && answer.status < 300;
      const finding = firstFailing([
        [answer.status !== null && statuses.includes(answer.status), `expected ${statuses.join(' or ')}`],
        [accepted || typedError(answer.status ?? 0, answer.body) === null, typedError(answer.status ?? 0, answer.body) ?? ''],
      ]);
      return { got: describeRaw(answer), finding };
    });
  }
  await deepBodies(checks, url);
  await slowClients(checks, url);
}

async function deepBodies(checks: Checks, url: string): Promise<void> {
  const document = JSON.parse(await (await fetch(`${url}/openapi.json`)).text()) as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.entries(document.paths).filter(([, methods]) => 'post' in methods).map(([path]) => path);
  const deep = `{"query":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
  for (const route of routes) {
    await checks.run(GROUP_INPUT, `JSON nested 100,000 deep to ${route}`, 30_000, async () => {
      const answer = await post(url, route, deep);
      return { got: `${answer.status} ${typedError(answer.status, answer.text) ?? (JSON.parse(answer.text) as { error: { code: string } }).error.code}`, finding: answer.status === 400 ? typedError(answer.status, answer.text) : `expected 400, ${typedError(answer.status, answer.text) ?? answer.status}` };
    });
  }
}

async function slowClients(checks: Checks, url: string): Promise<void> {
  // The read limits are 10 s for headers and 20 s more for the body; the work timeout is 60 s.
  await checks.run(GROUP_INPUT, 'Content-Length larger than the body (held open)', 95_000, async () => {
    const answer = await rawExchange(url, ['POST /retrieval/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":'], { guardMs: 90_000 });
    const finding = firstFailing([
      [answer.closedByServer && answer.ms < 35_000, `the connection was held ${(answer.ms / 1000).toFixed(1)} s`],
      [typedError(answer.status ?? 0, answer.body) === null && answer.status !== null && answer.status < 500, typedError(answer.status ?? 0, answer.body) ?? `answered ${answer.status}`],
    ]);
    return { got: `${describeRaw(answer)} after ${(answer.ms / 1000).toFixed(1)} s`, finding };
  });
  await checks.run(GROUP_INPUT, 'headers dribbled one byte a second (slowloris)', 95_000, async () => {
    const bytes = `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(80)}\r\n\r\n`.split('');
    const answer = await rawExchange(url, bytes, { gapMs: 1000, guardMs: 90_000 });
    const finding = firstFailing([[answer.closedByServer && answer.ms < 20_000, `the connection was held ${(answer.ms / 1000).toFixed(1)} s`]]);
    return { got: `${describeRaw(answer)} after ${(answer.ms / 1000).toFixed(1)} s`, finding };
  });
}
