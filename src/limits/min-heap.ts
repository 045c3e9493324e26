/** A binary min-heap of (key, value) number pairs: the smallest key first. */
export class MinHeap {
  private readonly keys: number[] = [];
  private readonly values: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  /** The smallest key and its value, or undefined when empty. */
  peek(): { key: number; value: number } | undefined {
    return this.keys.length > 0 ? { key: this.keys[0]!, value: this.values[0]! } : undefined;
  }

  push(key: number, value: number): void {
    this.keys.push(key);
    this.values.push(value);
    for (let i = this.keys.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= this.keys[i]!) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** Remove the smallest key; returns its value. */
  pop(): number | undefined {
    if (this.keys.length === 0) return undefined;
    const value = this.values[0]!;
    const lastKey = this.keys.pop()!;
    const lastValue = this.values.pop()!;
    if (this.keys.length > 0) {
      this.keys[0] = lastKey;
      this.values[0] = lastValue;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.keys.length && this.keys[l]! < this.keys[m]!) m = l;
        if (r < this.keys.length && this.keys[r]! < this.keys[m]!) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return value;
  }

  private swap(i: number, j: number): void {
    [this.keys[i], this.keys[j]] = [this.keys[j]!, this.keys[i]!];
    [this.values[i], this.values[j]] = [this.values[j]!, this.values[i]!];
  }
}
