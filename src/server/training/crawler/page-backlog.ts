/**
 * Pages a crawl loop has fetched and is still working on (reading, passages,
 * outcome) while it fetches the next one: the site sees at most one request
 * per loop, and the loop's own work overlaps its waits on the site
 * (docs/decisions/100-a-loop-fetches-while-it-keeps-pages.md). Bounded: a
 * loop holding `limit` pages waits for one before it fetches again.
 */
export class PageBacklog {
  private readonly pages = new Set<Promise<void>>();
  private failure: { error: unknown } | null = null;

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.pages.size;
  }

  /**
   * Starts a page's work. `onError` records the page's outcome when the work throws; an error there too
   * is kept and thrown by the next `wait` or `drain` (the loop fails, as it would have inline).
   */
  add(work: () => Promise<void>, onError: (error: unknown) => Promise<void>): void {
    const page: Promise<void> = work()
      .catch(onError)
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.pages.delete(page));
    this.pages.add(page);
  }

  /** Waits until there is room for another page (at once when there is). */
  async makeRoom(): Promise<void> {
    while (this.pages.size >= this.limit) await Promise.race(this.pages);
    this.rethrow();
  }

  /** Waits for one page to be done (links it queues may give the loop more to fetch). */
  async next(): Promise<void> {
    if (this.pages.size) await Promise.race(this.pages);
    this.rethrow();
  }

  /** Waits for every page (before the loop ends: a loop never leaves work behind). */
  async drain(): Promise<void> {
    await Promise.all(this.pages);
    this.rethrow();
  }

  private rethrow() {
    const failure = this.failure;
    this.failure = null;
    if (failure) throw failure.error;
  }
}
