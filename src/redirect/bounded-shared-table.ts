/**
 * The table behind the link cache's shared copies (names, country targets, rule lists, places): a
 * Map that starts over past `max` entries or past `maxChars` characters of keys, so that long keys (a
 * URL may have 8,192 characters) cannot keep it large after the links that made them have left the
 * cache. Asked only when a link is read into the cache, never on a hit.
 */
export class SharedTable<V> {
  private readonly values = new Map<string, V>();
  /** Characters in the keys held. */
  private chars = 0;

  constructor(
    private readonly max: number,
    private readonly maxChars = 2_000_000,
  ) {}

  get(key: string): V | undefined {
    return this.values.get(key);
  }

  /** Hold `value` under `key` (replacing what it held), starting over first when a new key would pass a bound. */
  set(key: string, value: V): V {
    if (!this.values.has(key)) {
      if (this.values.size >= this.max || this.chars + key.length > this.maxChars) {
        this.values.clear();
        this.chars = 0;
      }
      this.chars += key.length;
    }
    this.values.set(key, value);
    return value;
  }
}
