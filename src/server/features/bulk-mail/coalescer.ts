/**
 * Runs one statement for everyone who asks at once. While a statement is in flight, new callers
 * gather and go together in the next one, so ten sending lanes cost one round trip to the database
 * instead of ten, and no caller waits longer than the statement before its own. Each caller gets its
 * own answer (or the statement's error) when the statement that carried it has run.
 */
export class Coalescer<In, Out> {
  private waiting: { input: In; resolve: (out: Out) => void; reject: (err: unknown) => void }[] = [];
  private running = false;

  /** `run` answers one output per input, in order. */
  constructor(private run: (inputs: In[]) => Promise<Out[]>) {}

  call(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      void this.flush();
    });
  }

  private async flush() {
    if (this.running) return;
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0);
        try {
          const outs = await this.run(batch.map((w) => w.input));
          batch.forEach((w, i) => w.resolve(outs[i] as Out));
        } catch (err) {
          for (const w of batch) w.reject(err);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
