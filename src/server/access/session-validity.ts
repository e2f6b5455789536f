/** "Sign out everywhere" cuts every session that started before a moment (users.sessions_valid_after). */

/** Is a session that started at `authenticatedAt` (ms) still accepted? Tokens without a start time count as started at 0. */
export function sessionStillValid(authenticatedAt: number | undefined, validAfter: Date | null): boolean {
  if (!validAfter) return true;
  return (authenticatedAt ?? 0) >= validAfter.getTime();
}
