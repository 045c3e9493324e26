/**
 * Wrong password tries per (link, client address): at most `max` in any rolling minute, then every
 * try is refused until the oldest leaves the window. In memory, per instance, bounded in entries
 * (the oldest key goes first), so probing cannot grow it without bound.
 */
export class WrongTries {
  private tries = new Map<string, number[]>();

  constructor(
    private readonly max = 10,
    private readonly windowMs = 60_000,
    private readonly maxKeys = 50_000,
  ) {}

  private recent(key: string, nowMs: number): number[] {
    const list = (this.tries.get(key) ?? []).filter((t) => nowMs - t < this.windowMs);
    if (list.length === 0) this.tries.delete(key);
    else this.tries.set(key, list);
    return list;
  }

  /** Seconds until another try is allowed, or 0 when one is. */
  blockedFor(key: string, nowMs: number): number {
    const list = this.recent(key, nowMs);
    if (list.length < this.max) return 0;
    return Math.max(1, Math.ceil((list[0]! + this.windowMs - nowMs) / 1000));
  }

  wrong(key: string, nowMs: number): void {
    const list = this.recent(key, nowMs);
    list.push(nowMs);
    this.tries.delete(key);
    if (this.tries.size >= this.maxKeys) this.tries.delete(this.tries.keys().next().value!);
    this.tries.set(key, list);
  }

  /** Take back the latest try (it was right). */
  forgive(key: string): void {
    this.tries.get(key)?.pop();
  }
}
