// Admission control for the heavy requests of `cairn serve` (searches, context packages,
// hydrations...): at most `limit` are in work at once (sized to the cores: more would only
// share the same cores and make every one of them slower), the rest wait in a short queue
// in arrival order. A request is refused at once — 503 with Retry-After, in the typed
// error form — when the queue is full, or when the work already waiting would keep it
// queued past `maxWaitMs` (estimated from the recent service times of each route); one
// that waits past `maxWaitMs` anyway is refused then. So an admitted request waits a
// bounded time, and an overloaded server says so in milliseconds instead of answering
// everyone late. Cheap requests (health, metrics, cache hits, lookups) never come here.

export interface AdmissionLimits {
  /** Requests in work at once. */
  limit: number;
  /** Requests waiting at most. */
  queueLength: number;
  /** Longest a request may wait for its turn (ms). */
  maxWaitMs: number;
}

export type RefusalReason = 'queue_full' | 'expected_wait' | 'waited_too_long';

/** Refused for load: the HTTP face answers 503 with Retry-After. */
export class OverloadedError extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(message);
    this.name = 'OverloadedError';
  }
}

export interface AdmissionCounts {
  inFlight: number;
  queued: number;
  admitted: number;
  refused: Record<RefusalReason, number>;
}

interface Waiting {
  route: string;
  estimateMs: number;
  enqueuedAt: number;
  start(): void;
  refuse(error: OverloadedError): void;
}

/** Service-time estimates start here and follow each route's recent runs (EWMA). */
const FIRST_ESTIMATE_MS = 200;
const SMOOTHING = 0.2;

export class Admission {
  private inFlight = 0;
  /** The estimated service times of the requests in work, summed. */
  private runningMs = 0;
  private readonly queue: Waiting[] = [];
  private readonly estimates = new Map<string, number>();
  private admitted = 0;
  private readonly refused: Record<RefusalReason, number> = { queue_full: 0, expected_wait: 0, waited_too_long: 0 };

  constructor(
    readonly limits: AdmissionLimits,
    private readonly onWait: (route: string, seconds: number) => void = () => undefined,
  ) {}

  /** Runs `work` when its turn comes, or rejects with OverloadedError. */
  async run<T>(route: string, work: () => Promise<T>): Promise<T> {
    const estimateMs = this.estimateOf(route);
    await this.enter(route, estimateMs);
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.learn(route, performance.now() - started);
      this.inFlight -= 1;
      this.runningMs -= estimateMs;
      this.next();
    }
  }

  /** What a request of `route` is expected to take, from the recent ones. */
  estimateOf(route: string): number {
    return this.estimates.get(route) ?? FIRST_ESTIMATE_MS;
  }

  counts(): AdmissionCounts {
    return { inFlight: this.inFlight, queued: this.queue.length, admitted: this.admitted, refused: { ...this.refused } };
  }

  private enter(route: string, estimateMs: number): Promise<void> {
    if (this.inFlight < this.limits.limit && this.queue.length === 0) {
      this.start(route, estimateMs, 0);
      return Promise.resolve();
    }
    if (this.queue.length >= this.limits.queueLength) throw this.refusal('queue_full', this.expectedWaitMs(), `${this.queue.length} requests are already waiting`);
    const expected = this.expectedWaitMs();
    if (expected > this.limits.maxWaitMs) throw this.refusal('expected_wait', expected, `the requests ahead would keep this one waiting ~${Math.round(expected)} ms`);
    return new Promise<void>((resolve, reject) => {
      const waiting: Waiting = {
        route,
        estimateMs,
        enqueuedAt: performance.now(),
        start: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: reject,
      };
      const timer = setTimeout(() => {
        const at = this.queue.indexOf(waiting);
        if (at >= 0) this.queue.splice(at, 1);
        reject(this.refusal('waited_too_long', this.expectedWaitMs(), `it waited ${this.limits.maxWaitMs} ms without its turn`));
      }, this.limits.maxWaitMs);
      this.queue.push(waiting);
    });
  }

  /** Time until a request queued now would start: the work ahead (half of what runs is left, on average), spread over the slots. */
  private expectedWaitMs(): number {
    const ahead = this.queue.reduce((sum, waiting) => sum + waiting.estimateMs, 0);
    return (ahead + this.runningMs / 2) / this.limits.limit;
  }

  private start(route: string, estimateMs: number, waitedMs: number): void {
    this.inFlight += 1;
    this.runningMs += estimateMs;
    this.admitted += 1;
    this.onWait(route, waitedMs / 1000);
  }

  private next(): void {
    while (this.inFlight < this.limits.limit && this.queue.length > 0) {
      const waiting = this.queue.shift()!;
      this.start(waiting.route, waiting.estimateMs, performance.now() - waiting.enqueuedAt);
      waiting.start();
    }
  }

  private learn(route: string, ms: number): void {
    const before = this.estimates.get(route);
    this.estimates.set(route, before === undefined ? ms : before + SMOOTHING * (ms - before));
  }

  private refusal(reason: RefusalReason, expectedMs: number, why: string): OverloadedError {
    this.refused[reason] += 1;
    const retryAfterSeconds = Math.max(1, Math.ceil(expectedMs / 1000));
    return new OverloadedError(reason, retryAfterSeconds, `the server is busy (${this.inFlight} requests in work): ${why}`);
  }
}
