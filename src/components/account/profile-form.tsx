"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Avatar } from "@/components/dashboard/avatar";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import type { CurrentUser } from "@/components/lib/trpc-types";
import { useUnsavedChangesGuard } from "@/components/lib/use-unsaved-changes";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";

/** Name (the photo is the initials avatar until uploads exist); unsaved changes are guarded. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [name, setName] = useState(user.name);
  const [saved, setSaved] = useState(user.name);
  const dirty = name.trim() !== saved;
  useUnsavedChangesGuard(dirty);
  const save = useMutation(
    trpc.account.updateProfile.mutationOptions({
      onSuccess: ({ user: updated }) => {
        setSaved(updated.name);
        setName(updated.name);
        router.refresh();
      },
    }),
  );
  const nameError = fieldErrorsOf(save.error).name?.[0] ?? null;
  const localError = name.trim() === "" ? "The name field is required." : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!localError) save.mutate({ name });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
      </CardHeader>
      <CardBody>
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Profile">
          <div className="flex items-center gap-3">
            <Avatar src={user.profile_photo_url} name={saved} />
            <p className="min-w-0 truncate text-sm text-gray-600">{user.email}</p>
          </div>
          <Field id="profile-name" label="Name" error={localError ?? nameError}>
            <Input id="profile-name" value={name} maxLength={255} autoComplete="name" onChange={(e) => setName(e.target.value)} {...describedBy("profile-name", { error: localError ?? nameError })} />
          </Field>
          {save.error && !nameError ? (
            <p role="alert" className="text-sm text-red-700">
              {save.error.message}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!dirty || localError !== null || save.isPending}>
              Save profile
            </Button>
            <p role="status" className="text-sm text-gray-600">
              {save.isSuccess && !dirty ? "Saved." : dirty ? "Unsaved changes" : ""}
            </p>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
