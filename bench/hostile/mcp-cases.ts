// The MCP part of the campaign: raw lines on `cairn mcp`'s stdin (as a client's bugs or an
// attacker would send them) and the diagnose tool's access. The rules: every request gets
// an answer (a JSON-RPC error for what is not a request), the server stays up and serves
// the next call, a tool failure is one `isError` line that is never [INTERNAL], no secret.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { firstFailing, type Checks } from './check.js';
import { BUNDLE, secretsIn } from './workspace.js';

const GROUP = 'mcp';

interface Answer {
  id?: number | string;
  result?: { isError?: boolean; content?: { type: string; text?: string }[] };
  error?: { code: number; message: string };
}

export async function mcpChecks(checks: Checks, cairn: string, repo: string): Promise<{ peakRssMb: number | null }> {
  const child = spawn(process.execPath, [cairn, 'mcp', '--repo', repo, '--no-watch'], { env: { ...process.env, CAIRN_INDEX_DIR: '', CI: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr!.resume();
  child.stdin!.on('error', () => undefined);
  const answers: Answer[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      answers.push(JSON.parse(line) as Answer);
    } catch {
      answers.push({ error: { code: 0, message: `stdout line not JSON: ${line.slice(0, 80)}` } });
    }
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const next = async (send: string, wantId: number | string | null, limitMs: number): Promise<Answer | null> => {
    const before = answers.length;
    child.stdin!.write(`${send}\n`);
    const deadline = Date.now() + limitMs;
    while (Date.now() < deadline && exited === undefined) {
      const found = answers.slice(before).find((answer) => (wantId === null ? answer.id === undefined : answer.id === wantId));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return null;
  };
  const call = (id: number, name: string, args: unknown): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const alive = (): string | null => (exited === undefined ? null : `cairn mcp exited ${exited}`);

  await checks.run(GROUP, 'initialize', 60_000, async () => {
    const answer = await next(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'hostile', version: '1' } } }), 1, 55_000);
    child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    return { got: answer?.result ? 'initialized' : 'no answer', finding: answer?.result ? null : 'no initialize answer' };
  });
  const lines: [string, string, number | string | null, (answer: Answer | null) => string | null][] = [
    ['a line that is not JSON', 'this is not JSON', null, (a) => (a?.error?.code === -32700 ? null : 'no -32700 answer')],
    ['JSON that is not JSON-RPC', '{"id":7,"hello":"world"}', 7, (a) => (a?.error?.code === -32600 ? null : 'no -32600 answer')],
    ['a 17 MB message line', call(8, 'search_code', { query: 'x'.repeat(17 * 1024 * 1024) }), 8, (a) => (a?.error ? null : 'no answer for the call')],
    ['arguments nested 100,000 deep', `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"search_code","arguments":{"query":${'['.repeat(100_000)}"x"${']'.repeat(100_000)}}}}`, 9, (a) => (a?.result?.isError && !a.result.content?.[0]?.text?.includes('[INTERNAL]') ? null : `not a usage error: ${a?.result?.content?.[0]?.text?.slice(0, 80) ?? a?.error?.message ?? 'no answer'}`)],
    ['an unknown tool', call(10, 'rm_rf', {}), 10, (a) => (a?.error || a?.result?.isError ? null : 'accepted')],
    ['diagnose_failure run_dir .git', call(11, 'diagnose_failure', { bundle: BUNDLE, run_dir: '.git', phase: 'build', always: true }), 11, (a) => (secretsIn(JSON.stringify(a)).length > 0 ? 'handed out a secret' : a?.result?.isError ? null : 'not refused')],
    ['diagnose_failure run_dir deploy', call(12, 'diagnose_failure', { bundle: BUNDLE, run_dir: 'deploy', phase: 'build', always: true }), 12, (a) => (secretsIn(JSON.stringify(a)).length > 0 ? 'handed out deploy/.env' : null)],
    ['diagnose_failure run_dir runs/r1 (tokens in its logs)', call(13, 'diagnose_failure', { bundle: BUNDLE, run_dir: 'runs/r1', phase: 'build', attempt: 2, always: true }), 13, (a) => (secretsIn(JSON.stringify(a)).length > 0 ? `handed out ${secretsIn(JSON.stringify(a)).length} secret(s)` : null)],
    ['tools/list after all that', JSON.stringify({ jsonrpc: '2.0', id: 14, method: 'tools/list' }), 14, (a) => (a?.result ? null : 'no answer')],
  ];
  for (const [name, line, id, judge] of lines) {
    await checks.run(GROUP, name, 90_000, async () => {
      const answer = await next(line, id, 60_000);
      const got = answer === null ? 'no answer' : answer.error ? `JSON-RPC error ${answer.error.code}` : answer.result?.isError ? `isError: ${answer.result.content?.[0]?.text?.slice(0, 60) ?? ''}` : 'result';
      return { got, finding: firstFailing([[alive() === null, alive() ?? ''], [judge(answer) === null, judge(answer) ?? '']]) };
    });
  }
  const peakRssMb = child.pid === undefined || exited !== undefined ? null : peakRss(child.pid);
  child.kill();
  return { peakRssMb };
}

function peakRss(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 1024);
  } catch {
    return null;
  }
}
