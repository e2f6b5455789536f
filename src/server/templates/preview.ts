import type { Template } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import type { ChatbotState, TemplateContent } from "./content";
import type { FieldChange, Override } from "./fields";
import { overridesOf, planApply, type Plan } from "./plan";
import { renderContent } from "./snapshot";
import { readLinks, versionOf } from "./templates";

/** What moving one linked chatbot to a version would do, or why it would be skipped. Pure. */
export type LinkPlan = { kind: "plan"; plan: Plan } | { kind: "skip"; reason: string; kept: Override[] };

export function planForLink(link: { version: number; variables: Record<string, string> }, current: ChatbotState, followedContent: TemplateContent, target: { version: number; content: TemplateContent }): LinkPlan {
  const followed = renderContent(followedContent, link.variables);
  const kept = followed.ok ? overridesOf(current, followed.state) : [];
  if (link.version === target.version) return { kind: "skip", reason: `Already on version ${target.version}.`, kept };
  const wanted = renderContent(target.content, link.variables);
  if (!wanted.ok) return { kind: "skip", reason: `Missing variables for version ${target.version}: ${wanted.missing.join(", ")}.`, kept };
  if (!followed.ok) return { kind: "skip", reason: `Missing variables for version ${link.version}: ${followed.missing.join(", ")}.`, kept };
  return { kind: "plan", plan: planApply(current, followed.state, wanted.state) };
}

export interface PreviewRow {
  chatbot_id: string;
  name: string;
  client: { id: string; name: string } | null;
  from_version: number;
  status: "changes" | "no_changes" | "skipped";
  reason: string | null;
  changes: FieldChange[];
  kept_overrides: Override[];
}

/** For every chatbot linked to the template: the fields the version would change and the overrides it would keep. */
export async function previewVersion(db: Db, template: Template, version: number) {
  const target = await versionOf(db, template, version);
  const chatbots: PreviewRow[] = (await readLinks(db, template)).map(({ link: l, state, followedContent, variables, base: who }) => {
    const planned = planForLink({ version: l.version, variables }, state, followedContent, { version: target.version, content: target.parsed });
    const base = { ...who, from_version: l.version };
    if (planned.kind === "skip") return { ...base, status: "skipped", reason: planned.reason, changes: [], kept_overrides: planned.kept };
    const { changes, kept } = planned.plan;
    return { ...base, status: changes.length ? "changes" : "no_changes", reason: null, changes, kept_overrides: kept };
  });
  return { template_id: template.id, version: target.version, chatbots };
}
