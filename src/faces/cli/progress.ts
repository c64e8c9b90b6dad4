// A one-line progress bar on stderr (files/s and ETA) while indexing on a terminal; silent
// when stderr is piped, so scripts and --json output stay clean. The face's side of the
// index run's progress port (operations/index-run.ts): the run reports, this draws.

import type { IndexProgress } from '../../operations/index-run.js';
import type { Io } from './io.js';

const WIDTH = 24;
const REDRAW_MS = 100;

export interface ProgressBar {
  update(progress: IndexProgress): void;
  done(): void;
}

export function indexProgressBar(io: Io): ProgressBar {
  if (!io.interactive) return { update: () => undefined, done: () => undefined };
  const started = Date.now();
  let lastDraw = 0;
  let drawn = false;
  const draw = (line: string): void => {
    io.err(`\r\x1b[2K${line}`);
    drawn = true;
  };
  return {
    update(progress) {
      const now = Date.now();
      if (progress.phase === 'extract' && now - lastDraw < REDRAW_MS && progress.done < progress.total) return;
      lastDraw = now;
      if (progress.phase === 'scan') draw('cairn: scanning files…');
      else if (progress.phase === 'link') draw(`cairn: linking (${progress.step})…`);
      else draw(extractLine(progress.done, progress.total, (now - started) / 1000));
    },
    done() {
      if (drawn) io.err('\r\x1b[2K');
    },
  };
}

function extractLine(done: number, total: number, seconds: number): string {
  const ratio = total === 0 ? 1 : done / total;
  const filled = Math.round(ratio * WIDTH);
  const rate = seconds > 0 ? done / seconds : 0;
  const eta = rate > 0 ? Math.ceil((total - done) / rate) : 0;
  const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
  return `cairn: ${bar} ${done}/${total} files  ${rate.toFixed(0)} files/s  ETA ${eta}s`;
}
