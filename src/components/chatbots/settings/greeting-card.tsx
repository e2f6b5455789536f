"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { GREETING_LIMITS, greetingSchema, type Greeting } from "@/server/chatbots/client";
import { useTRPC } from "@/trpc/react";
import { SaveRow } from "./save-row";

const DEFAULT_GREETING: Greeting = { message: "Hi! Any questions? I\u2019m here to help.", delay_seconds: 8 };

/** The widget's proactive greeting (docs/decisions/079-proactive-greeting.md): on or off, its words and when it shows. */
export function GreetingCard({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const stored = useQuery(trpc.chatbots.greeting.queryOptions({ chatbot_id: chatbotId }));
  if (!stored.data) return null;
  // Drawn once from what is stored: saving keeps the editor (and its "Saved.") as it is.
  return <GreetingEditor chatbotId={chatbotId} initial={stored.data.greeting} canEdit={stored.data.can_edit} />;
}

function GreetingEditor({ chatbotId, initial, canEdit }: { chatbotId: string; initial: Greeting | null; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [on, setOn] = useState(initial !== null);
  const [form, setForm] = useState<Greeting>(initial ?? DEFAULT_GREETING);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation(
    trpc.chatbots.setGreeting.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.chatbots.greeting.queryKey({ chatbot_id: chatbotId }) }) }),
  );
  const submit = () => {
    if (!on) return save.mutate({ chatbot_id: chatbotId, greeting: null });
    const parsed = greetingSchema.safeParse(form);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the greeting.");
    setProblem(null);
    save.mutate({ chatbot_id: chatbotId, greeting: parsed.data });
  };
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Proactive greeting</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <p className="text-sm text-gray-600">A short message beside the chat button, shown once to each visitor after a few seconds on the page. Visitors can dismiss it.</p>
        <fieldset disabled={!canEdit} className="space-y-3">
          <legend className="sr-only">Greeting</legend>
          <CheckboxField id="greeting-on" label="Greet visitors" checked={on} onChange={(e) => setOn(e.target.checked)} />
          {on ? (
            <>
              <div>
                <Label htmlFor="greeting-message">Message</Label>
                <Input id="greeting-message" value={form.message} maxLength={GREETING_LIMITS.message} onChange={(e) => setForm((f) => ({ ...f, message: e.target.value }))} />
              </div>
              <div className="max-w-xs">
                <Label htmlFor="greeting-delay">After this many seconds on the page</Label>
                <Input
                  id="greeting-delay"
                  type="number"
                  min={GREETING_LIMITS.delay.min}
                  max={GREETING_LIMITS.delay.max}
                  value={form.delay_seconds}
                  onChange={(e) => setForm((f) => ({ ...f, delay_seconds: Number(e.target.value) }))}
                />
              </div>
            </>
          ) : null}
        </fieldset>
        {problem ? <ErrorAlert title="The greeting can't be saved." message={problem} /> : null}
        {save.error ? <ErrorAlert title="The greeting can't be saved." message={save.error.message} /> : null}
        <SaveRow canEdit={canEdit} label="Save greeting" onSave={submit} save={save} />
      </CardBody>
    </Card>
  );
}
