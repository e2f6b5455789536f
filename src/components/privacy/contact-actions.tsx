"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog, ConsequenceList } from "@/components/ui/confirm-dialog";
import { Button, buttonClasses } from "@/components/ui/button";
import { useDeleteConfirm } from "@/components/ui/use-delete-confirm";
import { useTRPC } from "@/trpc/react";

export interface ErasableContact {
  id: string;
  chatbot_id: string;
  email: string;
  phone: string | null;
}

const ERASE_POINTS = [
  "The contact's lead fields, their conversations and messages in this chatbot, and their HubSpot sync link are deleted for good.",
  "Analytics keep their counts; the audit log records that you asked; a contact.erased webhook goes out.",
];

/** The erase confirmation for a list of contacts (record 124): `ask(contact)` opens it; the lists refresh after. */
export function useContactErasure() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const erase = useMutation(
    trpc.privacy.eraseContact.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.conversations.pathKey() }).then(() => queryClient.invalidateQueries({ queryKey: trpc.privacy.pathKey() })),
    }),
  );
  const erasing = useDeleteConfirm(erase, (c: ErasableContact) => ({ chatbot_id: c.chatbot_id, contact_id: c.id }));
  const dialog = (
    <ConfirmDialog
      {...erasing.dialog}
      title={`Erase ${erasing.target?.email || erasing.target?.phone || "this contact"}?`}
      description={<ConsequenceList points={ERASE_POINTS} />}
      confirmLabel="Erase for good"
    />
  );
  return { ask: erasing.ask, dialog };
}

/** A contact's two requests: their data as a JSON download, and erasure (asked through `onErase`). */
export function ContactActions({ contact, onErase }: { contact: ErasableContact; onErase: (c: ErasableContact) => void }) {
  const who = contact.email || contact.phone || "contact";
  return (
    <div className="flex flex-wrap gap-2">
      <a href={`/api/contacts/${contact.chatbot_id}/${contact.id}/export`} download className={buttonClasses({ variant: "secondary", size: "sm" })} aria-label={`Export the data of ${who}`}>
        Export data
      </a>
      <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onErase(contact)} aria-label={`Erase ${who}`}>
        Erase
      </Button>
    </div>
  );
}
