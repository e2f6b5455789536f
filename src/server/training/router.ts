import { z } from "zod";
import { chatbotEditProcedure, chatbotProcedure, createTRPCRouter } from "@/server/access";
import { JSON_SOURCE_TYPES, SYNC_FREQUENCIES } from "@/server/training/source-rules";
import { isoMicroOrNull } from "@/server/kernel/lib/timestamps";
import { serializeSource, serializeSourceWithReason, sourceDetailSchema, sourceSchema, sourceWithReasonSchema } from "@/server/training/source-serializer";
import { listSources, listSourcesWithReasons } from "@/server/training/source-list";
import { createFileSource, createSource, deleteSource, MAX_FILE_BYTES, sourceDetail, syncSource } from "@/server/training/sources";

const httpUrl = z.url({ protocol: /^https?$/, error: "The {field} field must be a valid http(s) URL." }).max(2048);

const newSourceInput = z
  .object({
    type: z.enum(JSON_SOURCE_TYPES),
    url: httpUrl.optional(),
    title: z.string().max(500).optional(),
    text: z.string().max(500_000).optional(),
    sync_frequency: z.enum(SYNC_FREQUENCIES).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type !== "text" && !v.url) ctx.addIssue({ code: "custom", path: ["url"], message: `The url field is required for a ${v.type} source.` });
    if (v.type === "text" && !v.text?.trim()) ctx.addIssue({ code: "custom", path: ["text"], message: "The text field is required for a text source." });
  });

/** A multipart file part as the REST bridge hands it over (`meta.rest.multipart`). */
const uploadedFile = z.object({ name: z.string().max(500), type: z.string().max(200), data: z.instanceof(Uint8Array) }, { error: "The {field} field must be a file." });

const sourceIdParam = z.object({ source_id: z.string() });

/** Training sources: the documented list and operations (docs/decisions/017-sources-and-training.md), and the dashboard's views. */
export const chatbotSourcesRouter = createTRPCRouter({
  list: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/sources", summary: "The chatbot's live sources with their training status", tags: ["Chatbot"] } })
    .output(z.array(sourceSchema))
    .query(({ ctx }) => listSources(ctx.db, ctx.chatbot.id)),

  create: chatbotEditProcedure
    .meta({ rest: { method: "POST", path: "/v1/{chatbot_id}/sources", status: 201, summary: "Add a website, a single page or a text; training starts at once", tags: ["Chatbot"] } })
    .input(newSourceInput)
    .output(sourceSchema)
    .mutation(async ({ ctx, input }) => serializeSource(await createSource(ctx.db, ctx.chatbot, input))),

  upload: chatbotEditProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/v1/{chatbot_id}/sources/files",
        status: 201,
        multipart: { files: ["file"], maxBytes: MAX_FILE_BYTES },
        summary: "Upload a PDF, DOCX, TXT, MD or HTML file (≤ 10 MB, multipart field `file`); training starts at once",
        tags: ["Chatbot"],
      },
    })
    .input(z.object({ file: uploadedFile }))
    .output(sourceSchema)
    .mutation(async ({ ctx, input }) => serializeSource(await createFileSource(ctx.db, ctx.chatbot, input.file))),

  /** The dashboard's upload (tRPC speaks JSON: the file comes base64-encoded). */
  uploadBase64: chatbotEditProcedure
    .input(z.object({ name: z.string().min(1).max(500), type: z.string().max(200), content_base64: z.string().max(Math.ceil((MAX_FILE_BYTES * 4) / 3) + 1024) }))
    .output(sourceSchema)
    .mutation(async ({ ctx, input }) => {
      const data = new Uint8Array(Buffer.from(input.content_base64, "base64"));
      return serializeSource(await createFileSource(ctx.db, ctx.chatbot, { name: input.name, type: input.type, data }));
    }),

  sync: chatbotEditProcedure
    .meta({ rest: { method: "POST", path: "/v1/{chatbot_id}/sources/{source_id}/sync", status: 202, summary: "Train a source again now (a website is re-crawled)", tags: ["Chatbot"] } })
    .input(sourceIdParam)
    .output(sourceSchema)
    .mutation(async ({ ctx, input }) => serializeSource(await syncSource(ctx.db, ctx.chatbot, input.source_id))),

  delete: chatbotEditProcedure
    .meta({ rest: { method: "DELETE", path: "/v1/{chatbot_id}/sources/{source_id}", status: 204, summary: "Delete a source (a website with its pages) and its passages", tags: ["Chatbot"] } })
    .input(sourceIdParam)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await deleteSource(ctx.db, ctx.chatbot, input.source_id);
      return null;
    }),

  /** The dashboard's list, polled while any source is still training. */
  listWithReasons: chatbotProcedure.output(z.array(sourceWithReasonSchema)).query(({ ctx }) => listSourcesWithReasons(ctx.db, ctx.chatbot.id)),

  detail: chatbotProcedure
    .input(sourceIdParam)
    .output(sourceDetailSchema)
    .query(async ({ ctx, input }) => {
      const { source, skipped } = await sourceDetail(ctx.db, ctx.chatbot, input.source_id);
      return { ...serializeSourceWithReason(source), text_preview: source.textPreview, last_synced_at: isoMicroOrNull(source.lastSyncedAt), skipped };
    }),
});
