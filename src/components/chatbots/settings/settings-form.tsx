"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { ReadOnlyNotice } from "@/components/chatbots/read-only-notice";
import { applyServerErrors } from "@/components/chatbots/server-errors";
import type { ChatbotSettings } from "@/components/chatbots/types";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { chatbotSettingsFields, chatbotSettingsSchema, settingsFormValues, type ChatbotSettingsForm, type ChatbotSettingsValues } from "@/server/chatbots/client";
import { useTRPC } from "@/trpc/react";
import { AppearanceSection, BehaviourSection, DomainSection, EscalationsSection, GeneralSection } from "./sections";

const SETTINGS_FIELDS = Object.keys(chatbotSettingsFields.shape);

function SettingsSkeleton() {
  return (
    <Loading label="Loading settings…" className="space-y-6">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="space-y-4 p-5">
          <Skeleton className="h-4 w-40" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        </Card>
      ))}
    </Loading>
  );
}

/** The chatbot's settings, editable by owners, admins and editors; read-only for members. */
export function SettingsForm({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.chatbots.get.queryOptions({ chatbot_id: chatbotId }));
  if (query.isPending) return <SettingsSkeleton />;
  if (query.error) {
    return <ErrorAlert title="Couldn't load the settings." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  // Keyed by id so another chatbot starts from its own values.
  return <LoadedSettingsForm key={query.data.id} settings={query.data} />;
}

/** Values changed elsewhere (a field reverted to its template) show, unless the form holds unsaved edits. */
function useStoredValues(form: { reset: (values: ChatbotSettingsForm) => void; formState: { isDirty: boolean } }, settings: ChatbotSettings) {
  const { isDirty } = form.formState;
  useEffect(() => {
    if (!isDirty) form.reset(settingsFormValues(settings));
    // Only when what is stored changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.updated_at]);
}

function LoadedSettingsForm({ settings }: { settings: ChatbotSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { can_edit } = useChatbot();
  const [saved, setSaved] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<ChatbotSettingsForm, unknown, ChatbotSettingsValues>({
    resolver: zodResolver(chatbotSettingsSchema),
    defaultValues: settingsFormValues(settings),
    mode: "onTouched",
  });
  const { isDirty, isSubmitting } = form.formState;
  useStoredValues(form, settings);

  const update = useMutation(
    trpc.chatbots.update.mutationOptions({
      onSuccess: async (next) => {
        queryClient.setQueryData(trpc.chatbots.get.queryKey({ chatbot_id: next.id }), next);
        form.reset(settingsFormValues(next));
        setSaved(true);
        if (next.name !== settings.name) {
          // The header and the chatbot list show the name.
          await queryClient.invalidateQueries({ queryKey: trpc.me.chatbots.queryKey() });
          router.refresh();
        }
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, SETTINGS_FIELDS)),
    }),
  );

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSaved(false);
      setFormError(null);
      await update.mutateAsync({ chatbot_id: settings.id, ...values }).catch(() => undefined);
    },
    () => {
      setSaved(false);
      setFormError("Some settings are not valid. Check the highlighted fields.");
    },
  );

  const pending = isSubmitting || update.isPending;

  return (
    <FormProvider {...form}>
      <ReadOnlyNotice what="these settings" />
      <form onSubmit={onSubmit} noValidate aria-label="Chatbot settings">
        <fieldset disabled={!can_edit || pending} className="min-w-0 space-y-6">
          <GeneralSection />
          <AppearanceSection />
          <BehaviourSection currentLanguage={settings.default_language} />
          <EscalationsSection />
          <DomainSection settings={settings} />
        </fieldset>
        {can_edit ? (
          <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-col gap-3 border-t border-gray-200 bg-gray-50/95 px-4 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-end">
            <div className="min-h-5 flex-1 text-sm" aria-live="polite">
              {formError ? (
                <p role="alert" className="text-red-700">
                  {formError}
                </p>
              ) : saved && !isDirty ? (
                <p role="status" className="font-medium text-emerald-700">
                  Settings saved.
                </p>
              ) : isDirty ? (
                <p className="text-gray-500">You have unsaved changes.</p>
              ) : null}
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={!isDirty || pending}
                onClick={() => {
                  form.reset();
                  setFormError(null);
                }}
              >
                Discard changes
              </Button>
              <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
                {pending ? "Saving…" : "Save settings"}
              </Button>
            </div>
          </div>
        ) : null}
      </form>
    </FormProvider>
  );
}
