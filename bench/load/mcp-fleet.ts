// A fleet of `cairn mcp` processes on one repository, as many agents each running their
// own: N processes started together (the SDK's stdio client), RSS at rest once they are up
// and quiet, then M get_context calls from each (all processes at once, each process's
// calls one after another), RSS sampled throughout, and RSS at rest again afterwards.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { treeRssMb } from './process-memory.js';
import { spread, type Spread } from './stats.js';

export interface FleetFigures {
  processes: number;
  calls_each: number;
  failed_calls: number;
  failures: string[];
  call_ms: Spread;
  rss_at_rest_mb: { per_process: Spread; total: number };
  rss_peak_total_mb: number;
  rss_peak_per_process_mb: Spread;
  rss_after_calls_mb: { per_process: Spread; total: number };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function runFleet(options: { cairn: string; repo: string; processes: number; calls: number; tasks: readonly string[]; restMs?: number }): Promise<FleetFigures> {
  const restMs = options.restMs ?? 15_000;
  const members = await Promise.all(
    Array.from({ length: options.processes }, async (_, index) => {
      const transport = new StdioClientTransport({ command: process.execPath, args: [options.cairn, 'mcp', '--repo', options.repo], stderr: 'ignore' });
      const client = new Client({ name: `fleet-${index}`, version: '1' });
      await client.connect(transport);
      return { client, transport, pid: transport.pid! };
    }),
  );
  const rssAll = (): number[] => members.map((member) => treeRssMb(member.pid));
  await sleep(restMs);
  const atRest = rssAll();
  const peaks = members.map(() => 0);
  let peakTotal = 0;
  const timer = setInterval(() => {
    const now = rssAll();
    now.forEach((mb, index) => (peaks[index] = Math.max(peaks[index]!, mb)));
    peakTotal = Math.max(peakTotal, now.reduce((a, b) => a + b, 0));
  }, 250);
  const latencies: number[] = [];
  let failed = 0;
  const failures: string[] = [];
  await Promise.all(
    members.map(async (member, index) => {
      for (let call = 0; call < options.calls; call++) {
        const task = options.tasks[(index * options.calls + call) % options.tasks.length]!;
        const at = performance.now();
        const result = await member.client
          .callTool({ name: 'get_context', arguments: { task, max_tokens: 4000 } }, undefined, { timeout: 300_000 })
          .catch((error: unknown) => ({ isError: true, content: [{ type: 'text', text: `client: ${String(error)}` }] }));
        latencies.push(performance.now() - at);
        if (!result.isError) continue;
        failed += 1;
        const text = (result.content as { text?: string }[] | undefined)?.[0]?.text ?? '';
        if (failures.length < 5) failures.push(text.slice(0, 200));
      }
    }),
  );
  clearInterval(timer);
  await sleep(restMs);
  const after = rssAll();
  await Promise.all(members.map((member) => member.client.close().catch(() => undefined)));
  const total = (values: number[]): number => values.reduce((a, b) => a + b, 0);
  return {
    processes: options.processes,
    calls_each: options.calls,
    failed_calls: failed,
    failures,
    call_ms: spread(latencies),
    rss_at_rest_mb: { per_process: spread(atRest), total: total(atRest) },
    rss_peak_total_mb: peakTotal,
    rss_peak_per_process_mb: spread(peaks),
    rss_after_calls_mb: { per_process: spread(after), total: total(after) },
  };
}
