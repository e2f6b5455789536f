"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useTRPC } from "@/trpc/react";

export type CreatedToken = RouterOutputs["apiTokens"]["create"];

export function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedToken) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const create = useMutation(
    trpc.apiTokens.create.mutationOptions({
      onSuccess: async (created) => {
        setName("");
        onCreated(created);
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setLocalError("Enter a name for the token.");
      return;
    }
    setLocalError(null);
    create.mutate({ name: trimmed });
  }

  const error = localError ?? create.error?.message ?? null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor={inputId}>Token name</Label>
          <Input
            id={inputId}
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Zapier integration"
            maxLength={100}
            autoComplete="off"
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create token"}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}
