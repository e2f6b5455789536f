import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Context } from "@/server/access/procedures";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";
import { trpcFailure } from "../helpers/trpc-failure";
import { largeText, zipBombDocx } from "../helpers/upload-fixtures";

/**
 * The dashboard's upload (`chatbots.sources.uploadBase64`) goes through the
 * same extraction threads as the REST upload (docs/decisions/046-uploads-off-the-event-loop.md): its text read off the
 * event loop, a zip bomb refused, NUL bytes dropped.
 */
let db: Db;
let caller: ReturnType<typeof createCaller>;
let botId: string;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  const owner = await agencyOwner(db);
  const workspace = await clientWorkspace(db, owner.agency);
  botId = (await chatbot(db, workspace.id, owner.user.id)).id;
  caller = createCaller({ db, user: owner.user as Context["user"], via: "session", tokenId: null });
});

const upload = (name: string, data: Buffer, type = "") => caller.chatbots.sources.uploadBase64({ chatbot_id: botId, name, type, content_base64: data.toString("base64") });

describe("chatbots.sources.uploadBase64", () => {
  it("stores a 10 MB text file's text, without its NUL bytes", async () => {
    const text = largeText(10_000_000);
    text.write("\u0000\u0000", 100);
    const source = await upload("notes.txt", text, "text/plain");
    const stored = await db.source.findUniqueOrThrow({ where: { id: source.id } });
    expect(stored.bodyText!.length).toBeGreaterThan(9_000_000);
    expect(stored.bodyText!.includes("\u0000")).toBe(false);
  }, 60_000);

  it("refuses a DOCX zip bomb with a 422 naming file", async () => {
    const failure = await trpcFailure(upload("bomb.docx", await zipBombDocx(300 * 1024 * 1024)));
    expect(failure).toMatchObject({ status: 422, errors: { file: ["The DOCX file expands to more than 50 MB of XML."] } });
  }, 60_000);
});
