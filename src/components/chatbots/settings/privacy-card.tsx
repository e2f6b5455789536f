"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { useTRPC } from "@/trpc/react";

/** Redaction of visitors' personal data (docs/decisions/125-redaction-and-the-agencys-visits.md): saved as soon as it is switched. */
export function PrivacyCard({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const privacy = useQuery(trpc.chatbots.privacy.queryOptions({ chatbot_id: chatbotId }));
  const overview = useQuery(trpc.chatbots.overview.queryOptions({ chatbot_id: chatbotId }));
  const save = useMutation(
    trpc.chatbots.updatePrivacy.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.chatbots.privacy.queryKey({ chatbot_id: chatbotId }), data),
    }),
  );
  if (!privacy.data) return null;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Privacy</CardTitle>
      </CardHeader>
      <CardBody className="space-y-3">
        <CheckboxField
          id="redact-pii"
          label="Mask personal data in visitors' messages"
          description="E-mail addresses, phone numbers, card numbers and IBANs become [email], [phone], [card] and [iban] before a message is stored, sent to the AI model or to webhooks. The lead form's fields are kept."
          checked={privacy.data.redact_pii}
          disabled={!overview.data?.can_edit || save.isPending}
          onChange={(e) => save.mutate({ chatbot_id: chatbotId, redact_pii: e.target.checked })}
        />
        {save.isSuccess ? (
          <p role="status" className="text-sm text-emerald-700">
            Saved.
          </p>
        ) : null}
        {save.error ? <ErrorAlert title="The privacy setting can't be saved." message={save.error.message} /> : null}
      </CardBody>
    </Card>
  );
}
