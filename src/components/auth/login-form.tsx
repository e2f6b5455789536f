"use client";

import { signIn } from "next-auth/react";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FormError } from "@/components/ui/alert";

const subscribeNothing = () => () => {};

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Until React has hydrated, a submit would be a native GET with the password in the URL; keep the button disabled.
  const hydrated = useSyncExternalStore(subscribeNothing, () => true, () => false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setPending(true);
    setError(null);
    try {
      const res = await signIn("credentials", { email, password, redirect: false });
      if (!res || res.error || !res.ok) {
        // 429: a locked account or a throttled network; the server's message says for how long.
        setError(res?.status === 429 && res.error ? res.error : "Invalid email or password.");
        setPending(false);
        return;
      }
      // A full navigation so every server component and cached query starts from the new session.
      window.location.assign(callbackUrl);
    } catch {
      setError("Something went wrong while signing in. Please try again.");
      setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4">
      <FormError message={error} />
      <div className="space-y-1.5">
        <Label htmlFor="email">Email</Label>
        <Input id="email" name="email" type="email" autoComplete="email" required autoFocus aria-invalid={error ? true : undefined} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="password">Password</Label>
        <Input id="password" name="password" type="password" autoComplete="current-password" required aria-invalid={error ? true : undefined} />
      </div>
      <Button type="submit" className="w-full" disabled={pending || !hydrated}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
