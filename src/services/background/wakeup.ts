/** Lets a writer tell a sleeping background runner that there is work now, instead of at its next poll. */
export class Wakeup {
  private wake: (() => void) | undefined;
  private pending = false;

  notify(): void {
    this.pending = true;
    this.wake?.();
  }

  /** Resolves after `ms`, or as soon as notify() is called (at once if it was since the last wait). */
  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wake = undefined;
        self.pending = false;
        resolve();
      }
      this.wake = done;
    });
  }
}
