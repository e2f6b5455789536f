"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { inviteSchema, ROLES } from "@/components/clients/client-form-schema";
import { FormField } from "@/components/clients/form-field";
import { humanize } from "@/components/lib/format";
import { applyServerFieldErrors } from "@/components/lib/server-field-errors";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useTRPC } from "@/trpc/react";

type FormValues = z.input<typeof inviteSchema>;
export type SentInvitation = RouterOutputs["team"]["invite"];

/** Invites someone by e-mail with a role; the link also comes back, to share another way. */
export function InviteMemberForm({ teamId, onSent }: { teamId: string; onSent: (sent: SentInvitation) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, formState, reset } = useForm<FormValues, unknown, z.output<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: "", role: "member" },
  });
  const invite = useMutation(
    trpc.team.invite.mutationOptions({
      onSuccess: async (sent) => {
        reset();
        onSent(sent);
        await queryClient.invalidateQueries({ queryKey: trpc.team.get.queryKey({ team_id: teamId }) });
      },
      onError: (error) => applyServerFieldErrors(error, setError, ["email", "role"]),
    }),
  );
  return (
    <form noValidate aria-label="Invite someone" onSubmit={handleSubmit((v) => invite.mutate({ team_id: teamId, ...v }))} className="space-y-2">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField label="Email" className="flex-1 space-y-1.5" error={formState.errors.email?.message}>
          {(c) => <Input {...c} {...register("email")} type="email" autoComplete="off" placeholder="colleague@example.com" />}
        </FormField>
        <FormField label="Role" className="space-y-1.5 sm:w-36" error={formState.errors.role?.message}>
          {(c) => (
            <Select {...c} {...register("role")}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {humanize(role)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Button type="submit" className="sm:mt-6" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
          Send invitation
        </Button>
      </div>
      {invite.error && !invite.error.data?.fieldErrors ? (
        <p role="alert" className="text-sm text-red-700">
          {invite.error.message}
        </p>
      ) : null}
    </form>
  );
}
