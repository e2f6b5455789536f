"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { SYNC_FREQUENCIES } from "@/server/training/client";
import { useTRPC } from "@/trpc/react";
import { FormError } from "@/components/ui/alert";

export type AddKind = "website" | "page" | "text" | "file";

const TITLES: Record<AddKind, { title: string; description: string }> = {
  website: { title: "Add a website", description: "Every page of the site (from its sitemap and links) is crawled and learnt; robots.txt is respected." },
  page: { title: "Add a single page", description: "Only this page is fetched and learnt." },
  text: { title: "Add text", description: "Paste text the chatbot should know: opening hours, policies, answers." },
  file: { title: "Upload a file", description: "A PDF, DOCX, TXT, Markdown or HTML document of at most 10 MB." },
};
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const ACCEPT = ".pdf,.docx,.txt,.md,.markdown,.html,.htm,application/pdf,text/plain,text/markdown,text/html";

type ServerError = { message: string; data?: { fieldErrors?: Record<string, string[]> } | null };

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

/** Adds one source of the given kind; training starts at once. Rendered only while open. */
export function AddSourceDialog({ chatbotId, kind, onClose }: { chatbotId: string; kind: AddKind; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const uid = useId();
  const [url, setUrl] = useState("");
  const [title, setTitle] = useState("");
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [sync, setSync] = useState<(typeof SYNC_FREQUENCIES)[number]>(kind === "website" ? "weekly" : "never");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.chatbots.sources.listWithReasons.queryKey({ chatbot_id: chatbotId }) });
    onClose();
  };
  const onError = (error: ServerError) => {
    const fields = Object.fromEntries(Object.entries(error.data?.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ""]));
    setErrors(fields);
    setFormError(Object.keys(fields).length ? null : error.message);
  };
  const create = useMutation(trpc.chatbots.sources.create.mutationOptions({ onSuccess, onError }));
  const upload = useMutation(trpc.chatbots.sources.uploadBase64.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || upload.isPending;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const local: Record<string, string> = {};
    if (kind === "website" || kind === "page") {
      if (!/^https?:\/\/\S+$/i.test(url.trim())) local.url = "Enter the address, starting with http:// or https://.";
    } else if (kind === "text") {
      if (!text.trim()) local.text = "Enter the text to learn.";
    } else if (!file) local.file = "Choose a file.";
    else if (file.size > MAX_FILE_BYTES) local.file = "The file must not be larger than 10 MB.";
    setErrors(local);
    if (Object.keys(local).length) return;
    if (kind === "file" && file) {
      upload.mutate({ chatbot_id: chatbotId, name: file.name, type: file.type, content_base64: await toBase64(file) });
    } else if (kind === "text") {
      create.mutate({ chatbot_id: chatbotId, type: "text", text, ...(title.trim() ? { title: title.trim() } : {}) });
    } else {
      create.mutate({ chatbot_id: chatbotId, type: kind === "website" ? "website" : "page", url: url.trim(), sync_frequency: sync });
    }
  };

  const ids = { url: `${uid}-url`, title: `${uid}-title`, text: `${uid}-text`, file: `${uid}-file`, sync: `${uid}-sync` };
  const { title: dialogTitle, description } = TITLES[kind];
  return (
    <Dialog open onClose={onClose} title={dialogTitle} description={description} className="max-w-lg">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        {kind === "website" || kind === "page" ? (
          <>
            <Field id={ids.url} label={kind === "website" ? "Website address" : "Page address"} error={errors.url}>
              <Input id={ids.url} type="url" inputMode="url" autoComplete="off" placeholder="https://www.example.com" value={url} onChange={(e) => setUrl(e.target.value)} {...describedBy(ids.url, { error: errors.url })} />
            </Field>
            <Field id={ids.sync} label="Re-sync" hint="Changed pages are learnt again and removed ones forgotten." error={errors.sync_frequency}>
              <Select id={ids.sync} value={sync} onChange={(e) => setSync(e.target.value as (typeof SYNC_FREQUENCIES)[number])} {...describedBy(ids.sync, { hint: true, error: errors.sync_frequency })}>
                {SYNC_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {f === "never" ? "Never" : f[0]!.toUpperCase() + f.slice(1)}
                  </option>
                ))}
              </Select>
            </Field>
          </>
        ) : null}
        {kind === "text" ? (
          <>
            <Field id={ids.title} label="Title" error={errors.title}>
              <Input id={ids.title} maxLength={500} autoComplete="off" value={title} onChange={(e) => setTitle(e.target.value)} {...describedBy(ids.title, { error: errors.title })} />
            </Field>
            <Field id={ids.text} label="Text" error={errors.text}>
              <Textarea id={ids.text} rows={8} value={text} onChange={(e) => setText(e.target.value)} {...describedBy(ids.text, { error: errors.text })} />
            </Field>
          </>
        ) : null}
        {kind === "file" ? (
          <Field id={ids.file} label="File" hint="PDF, DOCX, TXT, MD or HTML, up to 10 MB." error={errors.file}>
            <input
              id={ids.file}
              type="file"
              accept={ACCEPT}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
              {...describedBy(ids.file, { hint: true, error: errors.file })}
            />
          </Field>
        ) : null}
        <FormError message={formError} />
        <DialogActions confirmLabel={kind === "file" ? "Upload" : "Add and train"} onCancel={onClose} pending={pending} />
      </form>
    </Dialog>
  );
}
