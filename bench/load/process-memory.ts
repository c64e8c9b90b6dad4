// Resident memory of a process and its descendants, read from /proc (Linux), in MB.

import { readdirSync, readFileSync } from 'node:fs';

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // the process ended meanwhile
  }
}

function childrenOf(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // gone
    }
  }
  return children;
}

/** RSS of `pid` and every process below it (git, extraction children), in MB. */
export function treeRssMb(pid: number): number {
  const children = childrenOf();
  let kb = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const next = stack.pop()!;
    kb += rssKb(next);
    stack.push(...(children.get(next) ?? []));
  }
  return Math.round(kb / 1024);
}

/** Samples `read()` every `everyMs` until stopped; the samples. */
export function sampler(read: () => number, everyMs = 250): { stop(): number[] } {
  const samples: number[] = [read()];
  const timer = setInterval(() => samples.push(read()), everyMs);
  return {
    stop() {
      clearInterval(timer);
      samples.push(read());
      return samples;
    },
  };
}
