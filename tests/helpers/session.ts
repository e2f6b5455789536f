/* eslint-disable @typescript-eslint/no-explicit-any -- the sign-in answer is read field by field by the tests */
/**
 * Signs in through next-auth's credentials callback over real HTTP, as the
 * login form does: the CSRF token first, then the form post. `cookie` holds
 * the session for dashboard calls (/api/trpc, /api/playground).
 */
export async function signIn(base: string, email: string, password: string, ip?: string) {
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const cookie = csrfRes.headers.getSetCookie().map((c) => c.split(";")[0] ?? "").join("; ");
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...(ip ? { "X-Forwarded-For": ip } : {}) },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
  });
  const session = res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "").filter((c) => c.includes("session-token"));
  return { status: res.status, headers: res.headers, body: (await res.json()) as any, cookie: [cookie, ...session].join("; ") };
}
