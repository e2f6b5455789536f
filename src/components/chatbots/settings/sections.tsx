"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { GPT_MODELS, LANGUAGES, LIMITS, POSITIONS, SIZES, type ChatbotSettingsForm } from "@/server/chatbots/client";
import type { ChatbotSettings } from "@/components/chatbots/types";
import { AccentColorField } from "./accent-color-field";
import { CheckField, NumberField, Section, SelectField, TextareaField, TextField } from "./form-kit";
import { WidgetPreview } from "./widget-preview";
import { CopyButton } from "@/components/ui/copy-button";

const SIZE_OPTIONS = SIZES.map((s) => ({ value: s, label: { sm: "Small", md: "Medium", lg: "Large" }[s] }));
const POSITION_OPTIONS = POSITIONS.map((p) => ({ value: p, label: p === "left" ? "Bottom left" : "Bottom right" }));
const MODEL_OPTIONS = GPT_MODELS.map((m) => ({ value: m, label: m }));

export function GeneralSection() {
  return (
    <Section id="general" title="General" description="How the chatbot is called in the dashboard and in the widget header.">
      <TextField name="name" label="Name" maxLength={LIMITS.name} />
      <TextField name="description" label="Description" hint="Only shown in the dashboard." maxLength={LIMITS.description} />
    </Section>
  );
}

export function AppearanceSection() {
  return (
    <Section id="appearance" title="Appearance" description="What visitors see: colors, texts and the size of the widget." aside={<WidgetPreview />}>
      <AccentColorField />
      <TextareaField name="welcome_message" label="Welcome message" className="sm:col-span-2" rows={2} maxLength={LIMITS.welcomeMessage} />
      <TextField name="placeholder" label="Input placeholder" maxLength={LIMITS.placeholder} />
      <TextField name="launcher_text" label="Launcher text" hint="Shown next to the chat button; empty for none." maxLength={LIMITS.launcherText} />
      <SelectField name="font_size" label="Font size" options={SIZE_OPTIONS} />
      <SelectField name="header_size" label="Header size" options={SIZE_OPTIONS} />
      <NumberField name="height" label="Height" min={LIMITS.height.min} max={LIMITS.height.max} step={10} suffix="px" hint={`${LIMITS.height.min}–${LIMITS.height.max} px`} />
      <SelectField name="position" label="Position" options={POSITION_OPTIONS} />
      <TextField name="header_icon" label="Header icon URL" type="url" inputMode="url" placeholder="https://…" />
      <TextField name="launcher_icon" label="Launcher icon URL" type="url" inputMode="url" placeholder="https://…" />
      <TextField name="share_icon" label="Share icon URL" type="url" inputMode="url" placeholder="https://…" />
      <TextField name="sources_label" label="Sources label" maxLength={LIMITS.sourcesLabel} />
      <div className="space-y-3 sm:col-span-2">
        <CheckField name="enable_sources" label="Show sources" description="List the pages an answer came from under it." />
        <CheckField name="hide_powered_by" label="Hide “Powered by”" description="Remove the footer line from the widget." />
        <CheckField name="enable_hide_chatbot" label="Let visitors hide the widget" description="Adds a button that hides the launcher for the session." />
      </div>
    </Section>
  );
}

export function BehaviourSection({ currentLanguage }: { currentLanguage: string }) {
  const languages = LANGUAGES.some((l) => l.code === currentLanguage) ? LANGUAGES : [{ code: currentLanguage, label: currentLanguage }, ...LANGUAGES];
  return (
    <Section id="behaviour" title="Behaviour & AI" description="How answers are written: the model, its instructions and what it remembers.">
      <SelectField name="gpt_model" label="Model" options={MODEL_OPTIONS} />
      <SelectField
        name="default_language"
        label="Default language"
        options={languages.map((l) => ({ value: l.code, label: `${l.label} (${l.code})` }))}
        hint="The widget's own words and untouched default texts follow it; with an AI model, answers follow the visitor's language."
      />
      <NumberField
        name="temperature"
        label="Temperature"
        min={LIMITS.temperature.min}
        max={LIMITS.temperature.max}
        step={0.05}
        hint="0 = precise and repeatable, 2 = most creative."
      />
      <NumberField name="topK" label="Passages per answer (topK)" min={LIMITS.topK.min} max={LIMITS.topK.max} hint={`How many source passages are retrieved, ${LIMITS.topK.min}–${LIMITS.topK.max}.`} />
      <NumberField
        name="history_count"
        label="Conversation memory"
        min={LIMITS.historyCount.min}
        max={LIMITS.historyCount.max}
        suffix="messages"
        hint={`Earlier messages sent along with each question, ${LIMITS.historyCount.min}–${LIMITS.historyCount.max}.`}
      />
      <div className="hidden sm:block" />
      <TextareaField name="system_prompt" label="System prompt" className="sm:col-span-2" rows={5} maxLength={LIMITS.systemPrompt} />
      <TextareaField name="goals_prompt" label="Goals" className="sm:col-span-2" hint="What the chatbot should steer conversations towards, e.g. booking a call." maxLength={LIMITS.goalsPrompt} />
      <TextareaField name="user_prompt" label="Extra instructions per question" className="sm:col-span-2" hint="Optional; added to every visitor question." maxLength={LIMITS.userPrompt} />
      <TextareaField name="default_answer" label="Default answer" className="sm:col-span-2" rows={2} hint="Given when the sources do not answer the question." maxLength={LIMITS.defaultAnswer} />
      <div className="sm:col-span-2">
        <CheckField name="enable_assistant_fallback" label="Answer from general knowledge" description="When the sources have nothing, let the model answer from what it knows." />
      </div>
      <TextareaField
        name="fallback_excluded_topics"
        label="Topics never answered from general knowledge"
        className="sm:col-span-2"
        rows={2}
        placeholder="e.g. medical advice, prices of competitors"
        maxLength={LIMITS.fallbackExcludedTopics}
      />
    </Section>
  );
}

export function EscalationsSection() {
  const { control } = useFormContext<ChatbotSettingsForm>();
  const notify = useWatch({ control, name: "enable_escalations_notification" });
  return (
    <Section id="escalations" title="Escalations" description="Hand a conversation to a person when a visitor asks for one or keeps getting no answer.">
      <div className="space-y-3 sm:col-span-2">
        <CheckField name="enable_escalations" label="Enable escalations" description="Create an escalation when a visitor asks for a human." />
        <CheckField name="enable_escalations_notification" label="Email me about escalations" />
      </div>
      <TextField
        name="escalations_email"
        label="Escalations email"
        type="email"
        inputMode="email"
        autoComplete="email"
        hint={notify ? "Required while email notifications are on." : "Where notifications go."}
      />
      <NumberField
        name="escalate_message_threshold"
        label="Escalate after unanswered questions"
        min={LIMITS.escalateMessageThreshold.min}
        max={LIMITS.escalateMessageThreshold.max}
        hint={`${LIMITS.escalateMessageThreshold.min}–${LIMITS.escalateMessageThreshold.max} questions in a row.`}
      />
    </Section>
  );
}

export function DomainSection({ settings }: { settings: ChatbotSettings }) {
  const { control } = useFormContext<ChatbotSettingsForm>();
  const domain = useWatch({ control, name: "domain" });
  const changed = (domain ?? "").trim().toLowerCase() !== (settings.domain ?? "");
  return (
    <Section id="domain" title="Domain" description="The website the widget is embedded on.">
      <TextField name="domain" label="Website domain" placeholder="www.example.com" hint="A hostname; a pasted URL is reduced to its hostname." />
      <div className="space-y-1.5 text-sm">
        <p className="font-medium text-gray-800">Verification</p>
        <p className="flex items-center gap-2">
          {settings.domain_verified === 1 && !changed ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Not verified</Badge>}
          {changed && settings.domain ? <span className="text-xs text-gray-500">A new domain must be verified again.</span> : null}
        </p>
        {/* The domain's identifier is for support and the API (the contract's `domain_id`): copied, not shown raw. */}
        <p className="flex items-center gap-2 text-xs text-gray-500">
          Support may ask for this domain&apos;s reference.
          <CopyButton value={settings.domain_id} label="Copy reference" aria-label="Copy the domain's reference for support" />
        </p>
      </div>
    </Section>
  );
}
