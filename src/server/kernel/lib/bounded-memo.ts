/**
 * A Map that holds at most `limit` entries: setting a new key when it is full
 * first deletes the oldest entry (insertion order). The one bound and the one
 * eviction rule of every in-process cache (record 106). A look-up is Map's own
 * `get` (nothing added, no allocation: the crawler's per-page name caches and
 * the token counter's memo call it millions of times); only the set of a new
 * key into a full memo pays for one deletion, so the hot entries cost the same
 * whatever the traffic — no cliff where a clear-all throws every entry away.
 * What a cache means (expiry, invalidation, versions) stays with its owner.
 */
export class BoundedMemo<K, V> extends Map<K, V> {
  /**
   * Where the oldest entry is: one iterator kept across evictions. A fresh `keys().next()` per eviction
   * would walk over every entry deleted since the table was last compacted (V8 leaves holes until then),
   * some thousands per eviction in a memo that keeps turning over; this one moves forward only.
   */
  private oldest: MapIterator<K> | null = null;

  constructor(readonly limit: number) {
    super();
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`A bounded memo holds at least one entry, not ${limit}.`);
  }

  override set(key: K, value: V): this {
    if (this.size >= this.limit && !this.has(key)) this.delete(this.oldestKey());
    return super.set(key, value);
  }

  private oldestKey(): K {
    // Every key the iterator passed was deleted here, so its next key is the oldest; an iterator that
    // reached the end once stays done (Map iterators do), so a new one starts from the front.
    let next = this.oldest?.next();
    if (!next || next.done) next = (this.oldest = this.keys()).next();
    return next.value as K;
  }
}
