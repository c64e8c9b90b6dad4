// The live index's pacing: file events in, index runs out. Events are gathered into one
// batch until the files have been quiet for `debounceMs` (or `maxWaitMs` after the batch's
// first event, while events keep coming), then one run handles the batch. Runs never
// overlap: what arrives during a run forms the next batch. A branch switch that rewrites
// thousands of files in a burst is therefore one batch, one run.

export interface ChangeBatch {
  /** Events in the batch. */
  events: number;
  /** The first few paths (for logs); the run itself rescans, it needs no list. */
  sample: string[];
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface BatcherOptions {
  debounceMs: number;
  maxWaitMs: number;
  /** Handles one batch; a rejection is reported through `onError` and the batcher goes on. */
  run(batch: ChangeBatch): Promise<void>;
  onError?(error: unknown): void;
  timers?: Timers;
}

const SAMPLE_SIZE = 8;

const realTimers: Timers = {
  set: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // Pending batches never keep a process alive on their own.
    handle.unref();
    return handle;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class ChangeBatcher {
  private readonly timers: Timers;
  private batch: ChangeBatch | null = null;
  private quiet: unknown = null;
  private deadline: unknown = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** Batches run so far (tests and metrics read it). */
  runs = 0;

  constructor(private readonly options: BatcherOptions) {
    this.timers = options.timers ?? realTimers;
  }

  /** A file changed (added, changed, removed). */
  note(path: string): void {
    if (this.closed) return;
    if (this.batch === null) {
      this.batch = { events: 0, sample: [] };
      if (this.running === null) this.deadline = this.timers.set(() => this.fire(), this.options.maxWaitMs);
    }
    this.batch.events += 1;
    if (this.batch.sample.length < SAMPLE_SIZE) this.batch.sample.push(path);
    if (this.running !== null) return; // scheduled when the run ends
    if (this.quiet !== null) this.timers.clear(this.quiet);
    this.quiet = this.timers.set(() => this.fire(), this.options.debounceMs);
  }

  /** True while a batch waits or runs. */
  busy(): boolean {
    return this.batch !== null || this.running !== null;
  }

  /** Runs what is pending now, without waiting for quiet; resolves when every event noted so far is handled. */
  async flush(): Promise<void> {
    while (!this.closed && this.busy()) {
      if (this.running !== null) await this.running;
      else this.fire();
    }
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
    this.batch = null;
  }

  private clearTimers(): void {
    if (this.quiet !== null) this.timers.clear(this.quiet);
    if (this.deadline !== null) this.timers.clear(this.deadline);
    this.quiet = null;
    this.deadline = null;
  }

  private fire(): void {
    this.clearTimers();
    const batch = this.batch;
    if (batch === null || this.running !== null || this.closed) return;
    this.batch = null;
    this.runs += 1;
    this.running = this.options
      .run(batch)
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.running = null;
        this.afterRun();
      });
  }

  /** Events that came during the run: their batch waits for quiet, as any other. */
  private afterRun(): void {
    if (this.batch === null || this.closed) return;
    this.deadline = this.timers.set(() => this.fire(), this.options.maxWaitMs);
    this.quiet = this.timers.set(() => this.fire(), this.options.debounceMs);
  }
}
