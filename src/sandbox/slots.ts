/** A counting semaphore: at most `size` holders at once, the others wait in arrival order. */
export class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async acquire(): Promise<void> {
    if (this.used < this.size) {
      this.used++;
      return;
    }
    // The releasing holder hands its slot over directly, so `used` does not change.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.used--;
  }
}
