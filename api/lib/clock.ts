/**
 * The service's sense of time. Everything that depends on "now" (billing, step mails, reminders,
 * expiry of links and sessions written from now on) reads it from ctx.clock, never from `new Date()`,
 * so that tests and /dev/clock can move time forward (never backward) outside production.
 */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** Real time: what production always uses. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with real time plus an offset that only grows (development and tests). */
export class OffsetClock implements Clock {
  #offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the clock forward to an offset (a smaller one is ignored: time never goes back). */
  setOffset(offsetMs: number): void {
    if (offsetMs > this.#offsetMs) this.#offsetMs = offsetMs;
  }
}
