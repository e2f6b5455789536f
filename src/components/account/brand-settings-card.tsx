"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { useUnsavedChangesGuard } from "@/components/lib/use-unsaved-changes";
import { ErrorAlert } from "@/components/ui/alert";
import { CustomDomainForm } from "@/components/account/custom-domain-form";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";

type Brand = RouterOutputs["agencyBrand"]["get"];
const FIELDS = [
  { key: "brand_name", label: "Brand name", type: "text", hint: "Shown instead of the platform's name. Empty: your agency's name." },
  { key: "brand_logo_url", label: "Logo URL", type: "url", hint: "An https:// address of a square image." },
  { key: "brand_accent_color", label: "Accent color", type: "text", hint: "A hex color like #0f766e." },
  { key: "brand_support_email", label: "Support e-mail", type: "email", hint: "Where your clients write for help; replies to e-mails go there." },
] as const;
type Key = (typeof FIELDS)[number]["key"];
const valuesOf = (brand: Brand): Record<Key, string> => ({
  brand_name: brand.brand_name ?? "",
  brand_logo_url: brand.brand_logo_url ?? "",
  brand_accent_color: brand.brand_accent_color ?? "",
  brand_support_email: brand.brand_support_email ?? "",
});

function BrandForm({ brand }: { brand: Brand }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(valuesOf(brand));
  const [saved, setSaved] = useState(valuesOf(brand));
  const dirty = FIELDS.some(({ key }) => values[key].trim() !== saved[key]);
  useUnsavedChangesGuard(dirty);
  const save = useMutation(
    trpc.agencyBrand.update.mutationOptions({
      onSuccess: (updated) => {
        setSaved(valuesOf(updated));
        setValues(valuesOf(updated));
        queryClient.setQueryData(trpc.agencyBrand.get.queryKey(), updated);
      },
    }),
  );
  const errors = fieldErrorsOf(save.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Brand">
      <p className="text-sm text-gray-600">
        On your verified custom domain, your clients&apos; portal, sign-in page, invitations and e-mails show this brand, never the platform&apos;s.
      </p>
      {FIELDS.map(({ key, label, type, hint }) => {
        const id = `brand-${key}`;
        const error = errors[key]?.[0] ?? null;
        return (
          <Field key={key} id={id} label={label} hint={hint} error={error}>
            <Input id={id} type={type} value={values[key]} onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))} {...describedBy(id, { hint: true, error })} />
          </Field>
        );
      })}
      {save.error && Object.keys(errors).length === 0 ? (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!dirty || save.isPending}>
          Save brand
        </Button>
        <p role="status" className="text-sm text-gray-600">
          {dirty ? "Unsaved changes" : save.isSuccess ? "Saved." : ""}
        </p>
      </div>
    </form>
  );
}

/** The agency owner's white-label brand. */
export function BrandSettingsCard() {
  const trpc = useTRPC();
  const { data, error, isPending, refetch } = useQuery(trpc.agencyBrand.get.queryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Agency brand</CardTitle>
      </CardHeader>
      <CardBody>
        {isPending ? (
          <div aria-busy="true">
            <Skeleton className="h-40" />
          </div>
        ) : error ? (
          <ErrorAlert title="Couldn't load your brand." message={error.message} onRetry={() => void refetch()} />
        ) : (
          <div className="space-y-6">
            <BrandForm brand={data} />
            <CustomDomainForm brand={data} />
          </div>
        )}
      </CardBody>
    </Card>
  );
}
