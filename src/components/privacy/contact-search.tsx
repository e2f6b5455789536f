"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatDate } from "@/components/lib/format";
import { useTRPC } from "@/trpc/react";
import { ContactActions, type ErasableContact } from "./contact-actions";

/**
 * A request for one person's data starts here (record 124): their contacts in every chatbot of this
 * workspace, by e-mail address, each with its export and erasure.
 */
export function ContactSearch({ chatbotId, onErase }: { chatbotId: string; onErase: (c: ErasableContact) => void }) {
  const trpc = useTRPC();
  const [text, setText] = useState("");
  const [email, setEmail] = useState<string | null>(null);
  const found = useQuery(trpc.privacy.contactsByEmail.queryOptions({ chatbot_id: chatbotId, email: email ?? "" }, { enabled: email !== null, retry: false }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setEmail(text.trim().length >= 3 ? text.trim() : null);
  };
  return (
    <section aria-labelledby="person-search-heading" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="person-search-heading" className="text-sm font-semibold text-gray-900">
        Find a person&apos;s data
      </h2>
      <form role="search" onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1.5">
          <Label htmlFor="person-search-email">E-mail address, in every agent of this workspace</Label>
          <Input id="person-search-email" type="email" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" placeholder="name@example.com" />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {found.error ? <ErrorAlert title="Couldn't search the contacts." message={found.error.message} /> : null}
      {email !== null && found.data ? (
        found.data.length ? (
          <ul className="divide-y divide-gray-100" aria-label="Contacts found">
            {found.data.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 break-all">
                  <strong className="font-medium">{c.email}</strong> in {c.chatbot_name} · since <time dateTime={c.created_at}>{formatDate(c.created_at)}</time>
                </span>
                <ContactActions contact={c} onErase={onErase} />
              </li>
            ))}
          </ul>
        ) : (
          <p role="status" className="text-sm text-gray-600">
            No contact with this address in this workspace.
          </p>
        )
      ) : null}
    </section>
  );
}
