// Load and faults for `cairn serve` (issue 17), on a copy of a corpus and its index:
//
// 1. load: `--connections` clients (autocannon) for `--seconds` against /retrieval/search
//    and /retrieval/context, random tasks from bench/tasks/<tasks>, while a churner edits,
//    creates and deletes Python files under the watcher every `--churn-ms`. Every answer is
//    checked: status 200, and every path it names exists in the repository — or was
//    deleted by the churner after the request was sent (it existed at that moment).
//    Reported: throughput, latency p50/p99, errors, wrong answers, index refreshes, and
//    how long a new file took to become searchable (index lag).
// 2. faults: the server killed with SIGKILL in the middle of requests (context runs
//    writing the raw log and sessions) and in the middle of a refresh (a batch of edits);
//    restarted on the same folders: `cairn status --check` must pass, a task run before
//    the kill must still explain, an episode recorded before it must still read back and
//    `cairn doctor` find nothing wrong in the episode memory, and the next request must
//    answer. A third round kills it while hydrations of one conversation are recorded.
//
//   npm run build && npm run bench:build
//   node dist-bench/bench/serve-load.js --corpus /work/bench-data/corpora/sympy \
//     --index /work/bench-data/idx-sympy [--seconds 30] [--connections 50] [--churn-ms 1000] [--cache on|off] [--work DIR]

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, appendFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CAIRN = join(ROOT, 'bin', 'cairn.js');

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1]! : fallback;
}

const corpus = option('corpus', '/work/bench-data/corpora/sympy');
const indexFrom = option('index', '/work/bench-data/idx-sympy');
const seconds = Number(option('seconds', '30'));
const connections = Number(option('connections', '50'));
const churnMs = Number(option('churn-ms', '1000'));
const cacheOn = option('cache', 'on') === 'on';
const tasksFile = option('tasks', join(ROOT, 'bench', 'tasks', 'sympy.txt'));
const work = option('work', mkdtempSync(join(tmpdir(), 'cairn-serve-load-')));

// --- the copy --------------------------------------------------------------------------

const repo = join(work, 'repo');
function prepare(): void {
  rmSync(repo, { recursive: true, force: true });
  cpSync(corpus, repo, { recursive: true, preserveTimestamps: true });
  mkdirSync(join(repo, '.cairn'), { recursive: true });
  for (const name of readdirSync(indexFrom)) if (name === 'index.db') cpSync(join(indexFrom, name), join(repo, '.cairn', name), { preserveTimestamps: true });
  writeFileSync(
    join(repo, 'cairn.yaml'),
    `serve:\n  cache:\n    enabled: ${cacheOn}\n  timeoutMs: 120000\nlog:\n  maxBytes: 268435456\n`,
  );
}

// --- the server --------------------------------------------------------------------------

interface Server {
  child: ChildProcess;
  url: string;
  log: string[];
}

async function startServer(): Promise<Server> {
  const child = spawn(process.execPath, [CAIRN, 'serve', '--repo', `sympy=${repo}`, '--port', '0', '--log-format', 'json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  const listening = new Promise<string>((resolve) => child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()).endsWith('\n') && resolve(stdout.trim())));
  const log: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let cut: number;
      while ((cut = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 1);
        log.push(line);
      }
    });
    void listening.then(resolve);
    child.once('exit', (code) => reject(new Error(`cairn serve exited (${code}):\n${log.join('\n')}`)));
  });
  return { child, url, log };
}

async function post(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function waitReady(server: Server): Promise<void> {
  for (;;) {
    const health = (await (await fetch(`${server.url}/health`)).json()) as { repos: { state: string; refreshing: boolean }[] };
    if (health.repos.every((entry) => entry.state === 'ready' && !entry.refreshing)) return;
    await sleep(200);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// --- the churner ---------------------------------------------------------------------------

const deletedAt = new Map<string, number>();
const churnDir = join(repo, 'sympy', 'bench_churn');
let churnCount = 0;
const lags: number[] = [];

function pythonFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.py') && !path.includes('bench_churn')) out.push(path);
    }
  };
  walk(join(repo, 'sympy'));
  return out;
}

function startChurn(url: string): () => Promise<void> {
  if (churnMs <= 0) return async () => undefined;
  mkdirSync(churnDir, { recursive: true });
  const editable = pythonFiles();
  let stopped = false;
  const live: string[] = [];
  const loop = (async () => {
    while (!stopped) {
      churnCount += 1;
      // Edit an existing file (a comment at its end).
      appendFileSync(editable[churnCount % editable.length]!, `\n# churn ${churnCount}\n`);
      // Create a module with a function nobody else names, and time how long until it is found.
      const name = `churn_probe_${process.pid}_${churnCount}`;
      const file = join(churnDir, `mod_${churnCount}.py`);
      writeFileSync(file, `def ${name}(value):\n    """A function the churner made."""\n    return value + ${churnCount}\n`);
      live.push(file);
      void measureLag(url, name, Date.now());
      // Delete the oldest churned module once a few exist.
      if (live.length > 5) {
        const gone = live.shift()!;
        deletedAt.set(relative(repo, gone), Date.now());
        unlinkSync(gone);
      }
      await sleep(churnMs);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

async function measureLag(url: string, name: string, since: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    await sleep(100);
    try {
      const { json } = await post(`${url}/retrieval/search`, { query: name, kind: 'symbol', limit: 1 });
      const results = json['results'] as { symbol?: string }[] | undefined;
      if (results?.[0]?.symbol === name) {
        lags.push(Date.now() - since);
        return;
      }
    } catch {
      return;
    }
  }
}

// --- checking answers ------------------------------------------------------------------------

const wrong: string[] = [];
let checked = 0;
const statuses = new Map<number, number>();

function pathsOf(route: string, json: Record<string, unknown>): string[] {
  if (route === 'search') return ((json['results'] as { path: string }[]) ?? []).map((row) => row.path);
  const pkg = json['package'] as { items?: { path: string }[] } | undefined;
  return (pkg?.items ?? []).map((item) => item.path);
}

function check(route: string, status: number, body: string, sentAt: number): void {
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (status !== 200) {
    if (wrong.length < 20) wrong.push(`${route}: status ${status}: ${body.slice(0, 200)}`);
    return;
  }
  checked += 1;
  const json = JSON.parse(body) as Record<string, unknown>;
  for (const path of pathsOf(route, json)) {
    if (existsSync(join(repo, path))) continue;
    const deleted = deletedAt.get(path);
    if (deleted !== undefined && deleted >= sentAt) continue; // it existed when the request was sent
    wrong.push(`${route}: ${path} does not exist (deleted ${deleted === undefined ? 'never by the churner' : `${sentAt - deleted} ms before the request`})`);
  }
}

// --- the load --------------------------------------------------------------------------------

async function load(server: Server): Promise<Record<string, unknown>> {
  const tasks = readFileSync(tasksFile, 'utf8').split('\n').map((line) => line.trim()).filter(Boolean);
  let sequence = 0;
  const stopChurn = startChurn(server.url);
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    timeout: 120,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => {
          sequence += 1;
          const task = tasks[Math.floor(Math.random() * tasks.length)]!;
          const route = sequence % 2 === 0 ? 'search' : 'context';
          context['route'] = route;
          context['sentAt'] = Date.now();
          // Every fourth search asks for the churned modules, which come and go under the watcher.
          const query = sequence % 8 === 0 ? 'a function the churner made' : task;
          const body = route === 'search' ? { query, kind: 'symbol', limit: 10 } : { task, max_tokens: 4000 };
          return { ...request, path: `/retrieval/${route}`, body: JSON.stringify(body) };
        },
        onResponse: (status, body, context) => check(String(context['route']), status, body, Number(context['sentAt'])),
      },
    ],
  });
  await stopChurn();
  await sleep(3000); // the last lag probes
  const refreshLines = server.log.filter((line) => line.includes('"msg":"index refreshed"')).map((line) => JSON.parse(line) as { ms: number });
  const refreshes = refreshLines.length;
  const refreshMs = refreshLines.map((line) => line.ms).sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    seconds: result.duration,
    connections,
    cache: cacheOn,
    requests: result.requests.total,
    throughput_rps: Math.round((result.requests.total / result.duration) * 10) / 10,
    latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: Math.round(result.latency.average) },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(statuses),
    answers_checked: checked,
    wrong_answers: wrong.length,
    wrong_examples: wrong.slice(0, 5),
    churn_rounds: churnCount,
    index_refreshes: refreshes,
    refresh_ms: refreshMs.length ? { p50: refreshMs[Math.floor(refreshMs.length / 2)], max: refreshMs[refreshMs.length - 1] } : null,
    index_lag_ms: lags.length ? { p50: lags[Math.floor(lags.length / 2)], max: lags[lags.length - 1], probes: lags.length } : null,
  };
}

// --- faults ----------------------------------------------------------------------------------

function cairn(args: string[]): { code: number | null; out: string; err: string } {
  const run = spawnSync(process.execPath, [CAIRN, ...args], { encoding: 'utf8' });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

async function killMidRequests(): Promise<Record<string, unknown>> {
  const rounds: Record<string, unknown>[] = [];
  let server = await startServer();
  await waitReady(server);
  const before = await post(`${server.url}/retrieve`, { task: 'Matrix.det is slow for large sparse matrices', max_tokens: 3000 });
  const taskId = String(before.json['task_id']);
  const episode = await post(`${server.url}/hydrate`, { query: 'Matrix.det is slow: look at `Matrix.det`', conversation_id: 'faults', episode_id: 'faults-1', max_tokens: 4000 });
  if (episode.status !== 200) throw new Error(`hydrate before the kills answered ${episode.status}: ${JSON.stringify(episode.json)}`);
  for (const [what, during] of [
    ['hydrations in flight', async (url: string) => void Promise.allSettled([0, 1, 2, 3, 4, 5].map((n) => post(`${url}/hydrate`, { query: `solveset fails on exponential equations ${n}`, conversation_id: 'faults', max_tokens: 4000 })))],
    ['context requests in flight', async (url: string) => void Promise.allSettled([0, 1, 2, 3, 4, 5, 6, 7].map((n) => post(`${url}/retrieve`, { task: `solveset fails on exponential equations ${n}`, max_tokens: 4000 })))],
    ['a refresh of 300 edited files', async () => {
      const files = pythonFiles().slice(0, 300);
      for (const file of files) appendFileSync(file, '\n# edited before the kill\n');
    }],
  ] as const) {
    await during(server.url);
    await sleep(what.startsWith('a refresh') ? 1200 : 150);
    const killedAt = Date.now();
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    const check = cairn(['status', '--check', '--repo', repo, '--json']);
    const started = Date.now();
    server = await startServer();
    const answer = await post(`${server.url}/retrieval/search`, { query: 'sparse matrix determinant', kind: 'symbol' });
    const firstAnswerMs = Date.now() - started;
    const explained = await fetch(`${server.url}/tasks/${taskId}/explain`);
    const recorded = await fetch(`${server.url}/introspect/hydration/faults-1`);
    const doctor = cairn(['doctor', '--repo', repo, '--json']);
    rounds.push({
      killed_during: what,
      killed_at: new Date(killedAt).toISOString(),
      status_check_exit: check.code,
      status_check_note: check.code === 0 ? 'integrity ok' : check.err.trim().split('\n')[0],
      restart_to_first_answer_ms: firstAnswerMs,
      first_answer_status: answer.status,
      first_answer_results: (answer.json['results'] as unknown[] | undefined)?.length ?? 0,
      earlier_task_explains: explained.status,
      earlier_episode_reads: recorded.status,
      memory_doctor_exit: doctor.code,
      memory_doctor_findings: doctor.code === 0 ? 0 : (JSON.parse(doctor.out || '{"findings":[]}') as { findings: unknown[] }).findings.length,
    });
    await waitReady(server);
  }
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  const final = cairn(['status', '--check', '--repo', repo, '--json']);
  const episodes = cairn(['episode', 'faults-1', '--repo', repo, '--json']);
  return { rounds, final_status_check_exit: final.code, final_episode_exit: episodes.code };
}

// --- main ------------------------------------------------------------------------------------

prepare();
if (process.argv.includes('--prepare-only')) process.exit(0);
const server = await startServer();
await waitReady(server);
const memoryBefore = process.memoryUsage().rss;
const figures = await load(server);
server.child.kill('SIGTERM');
await new Promise((resolve) => server.child.once('exit', resolve));
const faults = process.argv.includes('--no-faults') ? null : await killMidRequests();
console.log(JSON.stringify({ corpus, work, load: figures, faults, benchRssMb: Math.round(memoryBefore / 1048576) }, null, 2));
if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
