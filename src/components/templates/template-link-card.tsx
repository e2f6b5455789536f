"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { FormError } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { useTRPC } from "@/trpc/react";

const OVERRIDE_WORDS = { changed: "changed on this chatbot", added: "added on this chatbot", removed: "removed on this chatbot" } as const;

/**
 * On a chatbot made from a template: which template and version it follows, the fields it overrides (kept by
 * every rollout) each with "Revert to template", and how many fields follow the template. Nothing otherwise.
 */
export function TemplateLinkCard({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can_edit: canEdit } = useChatbot();
  const query = useQuery(trpc.chatbotTemplate.get.queryOptions({ chatbot_id: chatbotId }));
  const [showFollowing, setShowFollowing] = useState(false);
  const revert = useMutation(
    trpc.chatbotTemplate.revert.mutationOptions({
      onSuccess: async (data) => {
        queryClient.setQueryData(trpc.chatbotTemplate.get.queryKey({ chatbot_id: chatbotId }), { link: data.link });
        // The reverted values show in the forms below.
        await queryClient.invalidateQueries({ queryKey: trpc.chatbots.pathKey() });
      },
    }),
  );
  const link = query.data?.link;
  if (!link) return null;
  const overridden = link.fields.filter((f) => f.state === "overridden");
  const following = link.fields.filter((f) => f.state === "follows");
  return (
    <Card className="mb-6">
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Template</CardTitle>
        <span className="text-sm text-gray-600">
          Follows <span className="font-medium text-gray-900">{link.template.name}</span>, version {link.version}
          {link.version < link.template.latest_version ? <Badge tone="amber" className="ml-2">version {link.template.latest_version} published</Badge> : null}
        </span>
      </CardHeader>
      <CardBody className="space-y-4">
        {overridden.length ? (
          <div>
            <h3 className="text-sm font-medium text-gray-900">Overridden here ({overridden.length})</h3>
            <p className="text-xs text-gray-500">Kept when a new version is rolled out, until reverted.</p>
            <ul aria-label="Overridden fields" className="mt-2 divide-y divide-gray-100">
              {overridden.map((f) => (
                <li key={f.field} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="text-sm">
                    <span className="font-medium text-gray-900">{f.label}</span> <span className="text-gray-500">({OVERRIDE_WORDS[f.override ?? "changed"]})</span>
                  </span>
                  {canEdit ? (
                    <Button size="sm" variant="secondary" disabled={revert.isPending} onClick={() => revert.mutate({ chatbot_id: chatbotId, fields: [f.field] })} aria-label={`Revert ${f.label} to template`}>
                      Revert to template
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-gray-600">Every field follows the template.</p>
        )}
        <FormError message={revert.error?.message} />
        <div>
          <Button size="sm" variant="ghost" aria-expanded={showFollowing} onClick={() => setShowFollowing(!showFollowing)}>
            {showFollowing ? "Hide" : "Show"} the {following.length} fields that follow the template
          </Button>
          {showFollowing ? (
            <ul aria-label="Fields that follow the template" className="mt-2 grid gap-x-4 gap-y-1 text-sm text-gray-700 sm:grid-cols-2">
              {following.map((f) => (
                <li key={f.field} className="truncate" title={f.label}>
                  {f.label}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </CardBody>
    </Card>
  );
}
