"use client";

import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useTRPC } from "@/trpc/react";
import { FormError } from "@/components/ui/alert";

export function AcceptInvitationForm({ token, email, hasAccount }: { token: string; email: string; hasAccount: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const accept = useMutation(trpc.invitations.accept.mutationOptions());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const name = hasAccount ? undefined : String(form.get("name") ?? "").trim();
    setError(null);
    setFieldErrors({});
    try {
      await accept.mutateAsync({ token, password, name });
      const res = await signIn("credentials", { email, password, redirect: false });
      if (!res?.ok) throw new Error("Signed up, but signing in failed: try the sign-in page.");
      router.replace("/home");
      router.refresh();
    } catch (e) {
      const data = (e as { data?: { fieldErrors?: Record<string, string[]> } }).data;
      if (data?.fieldErrors) setFieldErrors(data.fieldErrors);
      setError(e instanceof Error ? e.message : "Something went wrong. Please try again.");
    }
  }

  const pending = accept.isPending;
  return (
    <form onSubmit={onSubmit} className="space-y-4" method="post">
      <FormError message={error} />
      {hasAccount ? (
        <p className="text-sm text-gray-600">You already have an account with this email: enter its password to join.</p>
      ) : (
        <div className="space-y-1.5">
          <Label htmlFor="name">Your name</Label>
          <Input id="name" name="name" autoComplete="name" required maxLength={255} aria-invalid={fieldErrors.name ? true : undefined} />
          {fieldErrors.name ? <p className="text-sm text-red-600">{fieldErrors.name[0]}</p> : null}
        </div>
      )}
      <div className="space-y-1.5">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete={hasAccount ? "current-password" : "new-password"}
          minLength={8}
          required
          aria-invalid={fieldErrors.password ? true : undefined}
        />
        {fieldErrors.password ? <p className="text-sm text-red-600">{fieldErrors.password[0]}</p> : !hasAccount ? <p className="text-xs text-gray-500">At least 8 characters.</p> : null}
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Joining…" : hasAccount ? "Sign in and join" : "Create account and join"}
      </Button>
    </form>
  );
}
