"use client";

import { useMutation } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useTRPC } from "@/trpc/react";

/** "Sign out everywhere": every browser signed in to this account, this one included, must sign in again. */
export function SessionsCard() {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const end = useMutation(trpc.account.signOutEverywhere.mutationOptions({ onSuccess: () => void signOut({ callbackUrl: "/login?notice=signed-out-everywhere" }) }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
      </CardHeader>
      <CardBody className="space-y-3">
        <p className="text-sm text-gray-600">Lost a device or signed in on a shared computer? End every session of your account at once. API tokens are not affected: revoke them on the API tokens page.</p>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Sign out everywhere
        </Button>
      </CardBody>
      <ConfirmDialog
        open={open}
        title="Sign out everywhere?"
        description="Every browser signed in to your account, this one included, will have to sign in again."
        confirmLabel="Sign out everywhere"
        pending={end.isPending}
        error={end.error?.message ?? null}
        onConfirm={() => end.mutate()}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
