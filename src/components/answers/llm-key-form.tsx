"use client";

import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** Set or remove an LLM API key. The key is never shown again: only "set, ending …abcd". */
export function LlmKeyForm({
  id,
  label,
  status,
  saving,
  error,
  onSave,
}: {
  id: string;
  label: string;
  status: { set: boolean; last4: string | null };
  saving: boolean;
  error: string | null;
  onSave: (apiKey: string | null) => void;
}) {
  const [value, setValue] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) onSave(value.trim());
    setValue("");
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <p className="text-sm text-gray-600" data-testid={`${id}-status`}>
        {status.set ? `Set, ending …${status.last4}` : "Not set"}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={id} type="password" autoComplete="off" placeholder="sk-…" value={value} onChange={(e) => setValue(e.target.value)} className="sm:max-w-sm" />
        <Button type="submit" disabled={saving || !value.trim()}>
          Save key
        </Button>
        {status.set ? (
          <Button type="button" variant="secondary" disabled={saving} onClick={() => onSave(null)}>
            Remove key
          </Button>
        ) : null}
      </div>
      {error ? <ErrorAlert title="The key was not saved." message={error} /> : null}
    </form>
  );
}
