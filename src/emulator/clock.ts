/**
 * The emulator's clock. Lifecycles and expiries read it, never `Date.now()` directly, so tests can
 * advance time or run it faster than real time.
 */
export class Clock {
  private realStart = Date.now();
  private virtualStart = Date.now();
  private scale = 1;

  /** Current emulated time in milliseconds since the epoch. */
  now(): number {
    return this.virtualStart + (Date.now() - this.realStart) * this.scale;
  }

  /** Moves emulated time forward by `ms`. */
  advance(ms: number): void {
    this.rebase();
    this.virtualStart += ms;
  }

  /** Emulated milliseconds per real millisecond (1 = real time, 10 = ten times faster). */
  setScale(scale: number): void {
    if (!(scale > 0)) throw new Error("scale must be positive");
    this.rebase();
    this.scale = scale;
  }

  getScale(): number {
    return this.scale;
  }

  /** The real time (ms since the epoch) at which emulated time `ms` comes, at the current scale. */
  wallTime(ms: number): number {
    return Date.now() + (ms - this.now()) / this.scale;
  }

  /** The API's date-time form: ISO 8601 without zone, in UTC, to the second. */
  timestamp(ms: number = this.now()): string {
    return new Date(ms).toISOString().slice(0, 19);
  }

  private rebase(): void {
    const now = this.now();
    this.realStart = Date.now();
    this.virtualStart = now;
  }
}
