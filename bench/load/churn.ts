// The edit loop: every `everyMs` it appends a comment to an existing Python file, creates
// a module defining a function nobody else names (and times how long until search finds
// it: the index lag), and deletes the oldest created module once five exist. Deletion
// times are kept so that answers naming a deleted file can be judged fairly.

import { appendFileSync, mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Churn {
  /** When the churner deleted each path (repository-relative). */
  deletedAt: Map<string, number>;
  rounds(): number;
  /** Milliseconds from creating a module to search finding its function. */
  lags: number[];
  stop(): Promise<void>;
}

export function pythonFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'bench_churn') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.py')) out.push(path);
    }
  };
  walk(root);
  return out;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether search finds the symbol now; or, when the server asked to come back later, after how many ms. */
export type Probe = (name: string) => Promise<boolean | { retryAfterMs: number }>;

export function startChurn(repo: string, everyMs: number, findsSymbol: Probe): Churn {
  const deletedAt = new Map<string, number>();
  const lags: number[] = [];
  let count = 0;
  let stopped = false;
  const probes: Promise<void>[] = [];
  const measureLag = async (name: string, since: number): Promise<void> => {
    // Asked every 250 ms, like a client polling politely (and as told when the server is busy).
    let waitMs = 250;
    while (!stopped && Date.now() - since < 60_000) {
      await sleep(waitMs);
      const found = await findsSymbol(name).catch(() => false);
      if (found === true) {
        lags.push(Date.now() - since);
        return;
      }
      waitMs = found === false ? 250 : found.retryAfterMs;
    }
  };
  const loop = (async () => {
    if (everyMs <= 0) return;
    const churnDir = join(repo, 'sympy', 'bench_churn');
    mkdirSync(churnDir, { recursive: true });
    const editable = pythonFiles(join(repo, 'sympy'));
    const live: string[] = [];
    while (!stopped) {
      count += 1;
      appendFileSync(editable[count % editable.length]!, `\n# churn ${count}\n`);
      const name = `churn_probe_${process.pid}_${count}`;
      const file = join(churnDir, `mod_${count}.py`);
      writeFileSync(file, `def ${name}(value):\n    """A function the churner made."""\n    return value + ${count}\n`);
      live.push(file);
      probes.push(measureLag(name, Date.now()));
      if (live.length > 5) {
        const gone = live.shift()!;
        deletedAt.set(relative(repo, gone), Date.now());
        unlinkSync(gone);
      }
      await sleep(everyMs);
    }
  })();
  return {
    deletedAt,
    lags,
    rounds: () => count,
    stop: async () => {
      stopped = true;
      await loop;
      await Promise.all(probes);
    },
  };
}
