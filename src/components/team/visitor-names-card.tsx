"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { useTRPC } from "@/trpc/react";

/** Whether visitors see the first name of whoever replies or resolves their conversation, or "the team". Saved on change. */
export function VisitorNamesCard({ teamId, showAgentNames }: { teamId: string; showAgentNames: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.team.setVisitorNames.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.team.get.queryKey({ team_id: teamId }) }) }),
  );
  const checked = save.isPending && save.variables ? save.variables.show_agent_names : showAgentNames;
  return (
    <Card>
      <CardHeader>
        <CardTitle>What visitors see</CardTitle>
      </CardHeader>
      <CardBody className="space-y-2">
        <CheckboxField
          id="show-agent-names"
          label="Show the first name of whoever replies or resolves"
          description={'Visitors read "Anna" on a reply and "Marked resolved by Anna". Off: "Team member" and "Marked resolved by the team".'}
          checked={checked}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ team_id: teamId, show_agent_names: e.target.checked })}
        />
        <p role="status" className="text-xs text-gray-600">
          {save.isSuccess ? "Saved." : ""}
        </p>
        {save.error ? (
          <p role="alert" className="text-sm text-red-700">
            {save.error.message}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
