"use client";

import { useMutation } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";

/** Change the password (checks the current one); every session ends, this one too, so sign in again. */
export function PasswordForm() {
  const trpc = useTRPC();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({ onSuccess: () => void signOut({ callbackUrl: "/login?notice=password-changed" }) }),
  );
  const errors = fieldErrorsOf(change.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ current_password: current, new_password: next });
  };
  const currentError = errors.current_password?.[0] ?? null;
  const nextError = errors.new_password?.[0] ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
      </CardHeader>
      <CardBody>
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Change password">
          <Field id="current-password" label="Current password" error={currentError}>
            <Input id="current-password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} {...describedBy("current-password", { error: currentError })} />
          </Field>
          <Field id="new-password" label="New password" hint="At least 8 characters. You will be signed out everywhere and sign in again with it." error={nextError}>
            <Input id="new-password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} {...describedBy("new-password", { hint: true, error: nextError })} />
          </Field>
          {change.error && !currentError && !nextError ? (
            <p role="alert" className="text-sm text-red-700">
              {change.error.message}
            </p>
          ) : null}
          <Button type="submit" disabled={change.isPending || !current || !next}>
            Change password
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
