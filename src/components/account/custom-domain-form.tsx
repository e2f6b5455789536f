"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useTRPC } from "@/trpc/react";

type Brand = RouterOutputs["agencyBrand"]["get"];

/**
 * The agency's custom domain: set it, publish the TXT record shown, verify.
 * Once verified, the portal, invitations, reset links, e-mails and share
 * links use it with the agency's brand.
 */
export function CustomDomainForm({ brand }: { brand: Brand }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [domain, setDomain] = useState(brand.custom_domain ?? "");
  const onSaved = (updated: Brand) => {
    setDomain(updated.custom_domain ?? "");
    queryClient.setQueryData(trpc.agencyBrand.get.queryKey(), updated);
  };
  const save = useMutation(trpc.agencyBrand.setDomain.mutationOptions({ onSuccess: onSaved }));
  const verify = useMutation(trpc.agencyBrand.verifyDomain.mutationOptions({ onSuccess: onSaved }));
  const verifySender = useMutation(trpc.agencyBrand.verifyMailSender.mutationOptions({ onSuccess: onSaved }));
  const errors = fieldErrorsOf(save.error);
  const error = errors.custom_domain?.[0] ?? (save.error ? save.error.message : null);
  const record = brand.custom_domain_record;
  const verified = Boolean(brand.custom_domain && brand.custom_domain_verified_at);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    verify.reset();
    save.mutate({ custom_domain: domain.trim() === "" ? null : domain });
  };
  return (
    <section aria-labelledby="custom-domain-heading" className="space-y-3 border-t border-gray-100 pt-4">
      <h3 id="custom-domain-heading" className="flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-900">
        Custom domain
        {brand.custom_domain ? verified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Not verified</Badge> : <Badge>None yet</Badge>}
      </h3>
      <form noValidate onSubmit={onSubmit} className="space-y-3" aria-label="Custom domain">
        <Field id="custom-domain" label="Domain" hint="A host name of yours, e.g. portal.youragency.com. Point it at this platform (CNAME), then verify it below." error={error}>
          <Input
            id="custom-domain"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            placeholder="portal.youragency.com"
            autoComplete="off"
            spellCheck={false}
            {...describedBy("custom-domain", { hint: true, error })}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending || domain.trim() === (brand.custom_domain ?? "")}>
            {domain.trim() === "" && brand.custom_domain ? "Remove domain" : "Save domain"}
          </Button>
        </div>
      </form>
      {record && !verified ? (
        <div className="space-y-2 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm" data-testid="dns-record">
          <p className="text-gray-700">Add this DNS record at your domain&apos;s provider, then verify:</p>
          <DnsRecord record={record} />
          <Button variant="secondary" onClick={() => verify.mutate()} disabled={verify.isPending} aria-busy={verify.isPending || undefined}>
            Verify domain
          </Button>
          {verify.error ? (
            <p role="alert" className="text-sm text-red-700">
              {verify.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
      {verified ? (
        <p role="status" className="text-sm text-emerald-800">
          Verified: your clients&apos; portal, invitations, password-reset links, e-mails and share links use https://{brand.custom_domain} with your brand.
        </p>
      ) : null}
      {verified && brand.mail_from_domain ? (
        <p className="text-sm text-gray-700" data-testid="mail-sender">
          E-mails go from <span className="font-mono break-all">no-reply@{brand.mail_from_domain}</span>, signed for your domain.
        </p>
      ) : null}
      {verified && !brand.mail_from_domain && brand.mail_sender_record ? (
        <div className="space-y-2 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm" data-testid="mail-sender">
          <p className="text-gray-700">
            E-mails now go from the platform&apos;s address with your name, and replies go to your support address. To send them from{" "}
            <span className="font-mono break-all">no-reply@{brand.custom_domain}</span>, add this DKIM record, then verify:
          </p>
          <DnsRecord record={brand.mail_sender_record} />
          <Button variant="secondary" onClick={() => verifySender.mutate()} disabled={verifySender.isPending} aria-busy={verifySender.isPending || undefined}>
            Verify sending domain
          </Button>
          {verifySender.error ? (
            <p role="alert" className="text-sm text-red-700">
              {verifySender.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function DnsRecord({ record }: { record: { type: string; name: string; value: string } }) {
  return (
    <dl className="grid gap-2 sm:grid-cols-[auto_1fr]">
      <dt className="text-gray-600">Type</dt>
      <dd className="font-mono">{record.type}</dd>
      <dt className="text-gray-600">Name</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 break-all">{record.name}</code>
        <CopyButton value={record.name} label="Copy" aria-label="Copy the record name" />
      </dd>
      <dt className="text-gray-600">Value</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 break-all">{record.value}</code>
        <CopyButton value={record.value} label="Copy" aria-label="Copy the record value" />
      </dd>
    </dl>
  );
}
