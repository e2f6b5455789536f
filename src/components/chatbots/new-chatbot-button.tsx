"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { PlusIcon } from "@/components/chatbots/icons";
import { applyServerErrors } from "@/components/chatbots/server-errors";
import type { EditableTeam } from "@/components/chatbots/types";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createChatbotInput, LANGUAGES, LIMITS } from "@/server/chatbots/client";
import { withFieldName } from "@/shared/zod-errors";
import { useTRPC } from "@/trpc/react";
import { FormError } from "@/components/ui/alert";

type Form = z.input<typeof createChatbotInput>;
const FIELDS = ["name", "team_id", "default_language"] as const;

/** "New chatbot": shown when the user may create chatbots in at least one team (only `teamId` when given). */
export function NewChatbotButton({ teamId }: { teamId?: string }) {
  const trpc = useTRPC();
  const teams = useQuery(trpc.chatbots.editableTeams.queryOptions(undefined, { select: (all) => (teamId ? all.filter((t) => t.id === teamId) : all) }));
  const [open, setOpen] = useState(false);
  if (!teams.data?.length) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <PlusIcon className="size-4" />
        New chatbot
      </Button>
      {open ? <NewChatbotDialog teams={teams.data} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function NewChatbotDialog({ teams, onClose }: { teams: EditableTeam[]; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const uid = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const groups = workspaceGroups(teams);
  const form = useForm<Form>({ resolver: zodResolver(createChatbotInput), defaultValues: { name: "", team_id: groups[0]?.teams[0]?.id ?? "", default_language: "en" } });
  const err = (name: (typeof FIELDS)[number]) => {
    const message = form.formState.errors[name]?.message;
    return message ? withFieldName(message, { team_id: "workspace", default_language: "language", name: "name" }[name]) : null;
  };
  const create = useMutation(
    trpc.chatbots.create.mutationOptions({
      onSuccess: async (chatbot) => {
        await queryClient.invalidateQueries({ queryKey: trpc.me.chatbots.queryKey() });
        router.push(`/chatbots/${chatbot.id}/settings`);
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, FIELDS)),
    }),
  );
  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    create.mutate(values);
  });
  const ids = { name: `${uid}-name`, team: `${uid}-team`, language: `${uid}-language` };

  return (
    <Dialog open onClose={onClose} title="New chatbot" description="Start with a name; everything else has sensible defaults you can change in its settings.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id={ids.name} label="Name" error={err("name")}>
          <Input id={ids.name} autoFocus maxLength={LIMITS.name} autoComplete="off" placeholder="e.g. Support assistant" {...form.register("name")} {...describedBy(ids.name, { error: err("name") })} />
        </Field>
        <Field id={ids.team} label="Workspace" error={err("team_id")} hint="Only workspaces where you may edit chatbots are listed.">
          <Select id={ids.team} {...form.register("team_id")} {...describedBy(ids.team, { hint: true, error: err("team_id") })}>
            {groups.length === 1 && groups[0]!.label === null
              ? groups[0]!.teams.map((t) => <WorkspaceOption key={t.id} team={t} />)
              : groups.map((g) => (
                  <optgroup key={g.label ?? "other"} label={g.label ?? "Other workspaces"}>
                    {g.teams.map((t) => (
                      <WorkspaceOption key={t.id} team={t} />
                    ))}
                  </optgroup>
                ))}
          </Select>
        </Field>
        <Field id={ids.language} label="Language" error={err("default_language")} hint="The language of its visitors: the widget's own words, its default texts and the answers' fallback.">
          <Select id={ids.language} {...form.register("default_language")} {...describedBy(ids.language, { hint: true, error: err("default_language") })}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.label}
              </option>
            ))}
          </Select>
        </Field>
        <FormError message={formError} />
        <DialogActions confirmLabel={create.isPending ? "Creating…" : "Create chatbot"} onCancel={onClose} pending={create.isPending} />
      </form>
    </Dialog>
  );
}

/**
 * The picker's workspaces grouped as the rest of the dashboard groups chatbots: each client of the agency
 * (first: that is where an agency builds chatbots for its clients), then the agency's own workspace.
 * A user of one kind of workspace only gets a plain list.
 */
function workspaceGroups(teams: EditableTeam[]): Array<{ label: string | null; teams: EditableTeam[] }> {
  const byName = (a: EditableTeam, b: EditableTeam) => a.name.localeCompare(b.name);
  const clients = teams.filter((t) => t.kind === "client").sort(byName);
  const agency = teams.filter((t) => t.kind === "agency").sort(byName);
  const other = teams.filter((t) => t.kind !== "client" && t.kind !== "agency").sort(byName);
  const groups = [
    { label: "Clients", teams: clients },
    { label: "Your agency", teams: agency },
    { label: null, teams: other },
  ].filter((g) => g.teams.length > 0);
  return groups.length === 1 ? [{ label: null, teams: groups[0]!.teams }] : groups;
}

function WorkspaceOption({ team }: { team: EditableTeam }) {
  return (
    <option value={team.id}>
      {team.name}
      {team.kind === "personal" ? " (personal)" : ""}
    </option>
  );
}
