// Work that must not overlap per key runs in turns: a call waits for every earlier call
// with the same key to end (whether it succeeded or failed), calls with other keys do not
// wait. The served workspaces use it for one conversation's hydrations, since each numbers
// its episode from the one before; two at once would both take the same number.

export class Turns {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(work);
    const settled = run.catch(() => undefined);
    this.tails.set(key, settled);
    try {
      return await run;
    } finally {
      // The last in line leaves no entry behind: keys do not pile up over a long-running server.
      if (this.tails.get(key) === settled) this.tails.delete(key);
    }
  }

  /** Keys with work running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}
