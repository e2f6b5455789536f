import { getServerSession, type NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "@/server/kernel/db/client";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { env } from "@/server/kernel/env";
import { verifySignIn } from "@/server/access/password";
import { sessionStillValid } from "@/server/access/session-validity";

const credentials = z.object({ email: z.email().max(320), password: z.string().min(1).max(1024) });

let options: NextAuthOptions | undefined;

/** next-auth: email + password (scrypt) with JWT sessions for the dashboard. */
export function authOptions(): NextAuthOptions {
  options ??= {
    secret: env().NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: "/login" },
    // `__Secure-` cookie names and the Secure flag whenever the app is served over https (docs/decisions/009-api-tokens-sessions-and-passwords.md).
    useSecureCookies: env().APP_URL.startsWith("https://"),
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(input) {
          const parsed = credentials.safeParse(input);
          if (!parsed.success) return null;
          const user = await getDb().user.findUnique({ where: { email: parsed.data.email.toLowerCase() } });
          // Unknown accounts are checked against a dummy hash: same time, same answer.
          if (!(await verifySignIn(parsed.data.password, user?.passwordHash)) || !user) return null;
          return { id: user.id, name: user.name, email: user.email };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.authAt = Date.now();
          return token;
        }
        // "Sign out everywhere", a password change or reset: one primary-key read per session check.
        if (!token.sub) return token;
        const row = await getDb()
          .user.findUnique({ where: { id: token.sub }, select: { sessionsValidAfter: true } })
          .catch((error: unknown) => {
            if (isDatabaseUnavailable(error)) return undefined;
            throw error;
          });
        // The database away (docs/decisions/048-the-database-going-away.md): next-auth would take the error for a bad session and end it (a signed-out
        // browser). The session stays; whatever it then reads answers 503 until the database is back.
        if (row === undefined) return token;
        const authAt = typeof token.authAt === "number" ? token.authAt : undefined;
        return row && sessionStillValid(authAt, row.sessionsValidAfter) ? token : {};
      },
      session({ session, token }) {
        return { ...session, userId: token.sub };
      },
    },
  };
  return options;
}

export async function getSessionUserId(): Promise<string | null> {
  const session = (await getServerSession(authOptions())) as { userId?: string } | null;
  return session?.userId ?? null;
}
