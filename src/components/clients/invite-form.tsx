"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerFieldErrors } from "@/components/lib/server-field-errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";
import { inviteSchema, ROLES } from "@/components/clients/client-form-schema";
import type { CreatedInvitation } from "@/components/clients/created-invitation";
import { FormField } from "@/components/clients/form-field";
import { humanize } from "@/components/lib/format";

type FormValues = z.input<typeof inviteSchema>;

/** Invites someone to the client's portal with a role; the link comes back to be sent to them. */
export function InviteForm({ clientId, onInvited }: { clientId: string; onInvited: (invitation: CreatedInvitation) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, formState, reset } = useForm<FormValues, unknown, z.output<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: "", role: "admin" },
  });
  const invite = useMutation(
    trpc.agencyClients.invite.mutationOptions({
      onSuccess: async (invitation) => {
        reset();
        onInvited(invitation);
        await queryClient.invalidateQueries({ queryKey: trpc.agencyClients.invitations.queryKey({ client_id: clientId }) });
      },
      onError: (error) => applyServerFieldErrors(error, setError, ["email", "role"]),
    }),
  );
  return (
    <form
      noValidate
      aria-label="Invite someone"
      onSubmit={handleSubmit((v) => invite.mutate({ client_id: clientId, email: v.email, role: v.role }))}
      className="space-y-2"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField label="Email" className="flex-1 space-y-1.5" error={formState.errors.email?.message}>
          {(c) => <Input {...c} {...register("email")} type="email" autoComplete="off" placeholder="someone@client.example" />}
        </FormField>
        <FormField label="Role" className="space-y-1.5 sm:w-36" error={formState.errors.role?.message}>
          {(c) => (
            <select {...c} {...register("role")} className="block h-9 w-full rounded-md border border-gray-300 bg-white px-2.5 text-sm text-gray-900 shadow-sm">
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {humanize(role)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button type="submit" className="sm:mt-6" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
          Invite
        </Button>
      </div>
      {invite.error ? (
        <p role="alert" className="text-sm text-red-600">
          {invite.error.message}
        </p>
      ) : null}
    </form>
  );
}
