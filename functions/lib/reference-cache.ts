import { getConfig } from './config';

/**
 * Reference data a warm function keeps for `REFERENCE_CACHE_SECONDS` (the categories, the week's
 * featured ranking, the popular tags): read on every home or search page and changing rarely, so
 * a minute of staleness saves a read per page view. A clock that went back (a test's, or the
 * machine's) reads again rather than keeping a value from its future.
 */
export class ReferenceCache<T> {
  private kept: { at: number; value: T } | undefined;

  /** The value kept now, fresh or not (none before the first read). */
  get current(): T | undefined {
    return this.kept?.value;
  }

  /** The kept value while it is fresh at `now` (ms), otherwise (or when `reload`) `load`'s, kept. */
  async get(load: () => Promise<T>, now = Date.now(), reload = false): Promise<T> {
    const ttlMs = getConfig().referenceCacheSeconds * 1000;
    const kept = this.kept;
    if (!reload && kept && now - kept.at < ttlMs && now >= kept.at) return kept.value;
    const value = await load();
    this.kept = { at: now, value };
    return value;
  }
}
