"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";

/** Chooses a new password with a reset link; then every session ends and the user signs in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const router = useRouter();
  const reset = useMutation(trpc.account.resetPassword.mutationOptions({ onSuccess: () => router.push("/login?notice=password-reset") }));
  const passwordError = fieldErrorsOf(reset.error).password?.[0] ?? null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password === confirm) reset.mutate({ token, password });
  };
  const confirmError = mismatch ? "The two passwords are not the same." : null;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field id="new-password" label="New password" hint="At least 8 characters." error={passwordError}>
        <Input id="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} {...describedBy("new-password", { hint: true, error: passwordError })} />
      </Field>
      <Field id="confirm-password" label="Repeat the new password" error={confirmError}>
        <Input id="confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} {...describedBy("confirm-password", { error: confirmError })} />
      </Field>
      {reset.error && !passwordError ? (
        <p role="alert" className="text-sm text-red-700">
          {reset.error.message}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={reset.isPending || !password || !confirm}>
        Set new password
      </Button>
    </form>
  );
}
