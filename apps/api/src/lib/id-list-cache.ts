/**
 * Ordered id lists of filtered lists, kept in memory so that every page of a large list costs a
 * primary-key lookup of its rows instead of a count and an OFFSET scan (docs/design-summary.md §7: any page of a
 * 100,000-attention procedure under 100 ms at 50 concurrent clients). Entries are keyed by the
 * caller with whatever makes them exact (the data revisions the list depends on) and optionally
 * expire; least recently used entries are dropped beyond a budget of ids. Concurrent misses of one
 * key share one load.
 */
export class IdListCache {
  private readonly entries = new Map<string, { ids: Int32Array; expires: number }>();
  private readonly loading = new Map<string, Promise<Int32Array>>();
  private size = 0;

  constructor(
    /** Ids kept across all entries (4 bytes each). */
    private readonly maxIds = 8_000_000,
    /** A list longer than this is not kept (it is loaded on every request). */
    private readonly maxEntryIds = 2_000_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, ttlMs: number | null, load: () => Promise<Int32Array>): Promise<Int32Array> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      if (hit.expires > this.now()) {
        this.entries.set(key, hit);
        return hit.ids;
      }
      this.size -= hit.ids.length;
    }
    const pending = this.loading.get(key);
    if (pending) return pending;
    const p = load()
      .then((ids) => {
        if (ids.length <= this.maxEntryIds) this.put(key, ids, ttlMs);
        return ids;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, p);
    return p;
  }

  get stats() {
    return { entries: this.entries.size, ids: this.size };
  }

  private put(key: string, ids: Int32Array, ttlMs: number | null) {
    const old = this.entries.get(key);
    if (old) {
      this.size -= old.ids.length;
      this.entries.delete(key);
    }
    this.entries.set(key, { ids, expires: ttlMs === null ? Number.POSITIVE_INFINITY : this.now() + ttlMs });
    this.size += ids.length;
    for (const [k, e] of this.entries) {
      if (this.size <= this.maxIds) break;
      this.entries.delete(k);
      this.size -= e.ids.length;
    }
  }
}

/** The ids of `string_agg(id::text, ',')` (null or '' when there are none). */
export function parseIdList(text: string | null | undefined): Int32Array {
  if (!text) return new Int32Array(0);
  const parts = text.split(',');
  const out = new Int32Array(parts.length);
  for (let i = 0; i < parts.length; i++) out[i] = Number(parts[i]);
  return out;
}
