/**
 * Work that must not be part of a request's answer: it starts once the
 * current call has returned (the next turn of the event loop), and its
 * failure is logged, never thrown at the caller. For side effects whose
 * presence must not show in the response time (a password reset e-mail that
 * exists only for known accounts). In-process: a crash loses it, so only
 * for work the user can simply ask for again.
 */
export function afterResponse(label: string, work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((error: unknown) => console.error(`[${label}] failed after the response:`, error));
  });
}
