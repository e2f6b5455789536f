"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";

const subscribeNothing = () => () => {};

/** Asks for a reset link; the answer is the same whether or not an account has this e-mail. */
export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const [email, setEmail] = useState("");
  // Until React has hydrated, a submit would be a native GET; keep the button disabled (the typed value stays in the field).
  const hydrated = useSyncExternalStore(subscribeNothing, () => true, () => false);
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  const emailError = fieldErrorsOf(request.error).email?.[0] ? "Enter a valid email address." : null;
  if (request.isSuccess) {
    return (
      <div className="space-y-4 text-sm text-gray-700">
        <p role="status">If an account uses {email}, we have sent it a link to choose a new password. It works once, for one hour.</p>
        <Link href="/login" className="font-medium text-indigo-700 hover:text-indigo-600">
          Back to sign in
        </Link>
      </div>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setEmail(value);
    request.mutate({ email: value });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field id="reset-email" label="Email" error={emailError}>
        <Input id="reset-email" name="email" type="email" autoComplete="email" required {...describedBy("reset-email", { error: emailError })} />
      </Field>
      {request.error && !emailError ? (
        <p role="alert" className="text-sm text-red-700">
          {request.error.message}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={request.isPending || !hydrated}>
        Send reset link
      </Button>
      <p className="text-center text-sm">
        <Link href="/login" className="font-medium text-indigo-700 hover:text-indigo-600">
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
