"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { SignOutIcon } from "@/components/icons";
import { Button } from "@/components/ui/button";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/login" });
      }}
    >
      <SignOutIcon className="size-4" />
      Sign out
    </Button>
  );
}
