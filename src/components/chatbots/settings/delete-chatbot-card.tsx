"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog, ConsequenceList } from "@/components/ui/confirm-dialog";
import { canManageTeam } from "@/server/access/client";
import { useTRPC } from "@/trpc/react";

/** What deleting does, as `deleteChatbot` in workspaces/lifecycle.ts does it. */
const DELETE_POINTS = [
  "It stops answering at once, and the widget on your website stops working.",
  "It leaves every list, with its sources, conversations, contacts and escalations: nobody can open them any more.",
  "Credits it already used stay used (credits belong to the workspace); it no longer counts against your chatbot limit.",
];

/** "Delete this chatbot", for the workspace's admins and its owner only (an editor edits but does not delete). */
export function DeleteChatbotCard() {
  const { chatbot, role } = useChatbot();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const remove = useMutation(
    trpc.lifecycle.deleteChatbot.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        router.push("/chatbots");
        await queryClient.invalidateQueries({ queryKey: trpc.me.chatbots.queryKey() });
      },
    }),
  );
  if (!canManageTeam(role)) return null;
  return (
    <Card className="mt-6 border-red-200">
      <CardHeader>
        <CardTitle>Delete this chatbot</CardTitle>
      </CardHeader>
      <CardBody className="flex flex-col gap-3 text-sm text-gray-700 sm:flex-row sm:items-center sm:justify-between">
        <p>It stops answering and disappears with its sources and conversations. Only the workspace&apos;s admins can do this.</p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete chatbot…
        </Button>
      </CardBody>
      <ConfirmDialog
        open={open}
        title={`Delete ${chatbot.name}?`}
        description={<ConsequenceList points={DELETE_POINTS} />}
        confirmLabel="Delete chatbot"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => remove.mutate({ chatbot_id: chatbot.id })}
        onClose={() => {
          remove.reset();
          setOpen(false);
        }}
      />
    </Card>
  );
}
