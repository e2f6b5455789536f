import { quickAddJob } from "graphile-worker";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { crontab, taskList } from "@/server/transport/workers";
import { createTestDatabase } from "../helpers/db";
import { runQueueOnce } from "../helpers/queue";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";

/**
 * The de-duplication rows of the providers' events (`channel_events`) are purged once no
 * provider can retry them any more (7 days, channels/purge.ts), by a daily job through the real queue.
 */
let db: Db;
let url: string;
beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
});

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

describe("purge_channel_events", () => {
  it("is scheduled daily", () => {
    expect(crontab.split("\n")).toContain("45 3 * * * purge_channel_events ?max=3");
  });

  it("deletes the event ids older than 7 days and keeps the others", async () => {
    const { agency, user } = await agencyOwner(db);
    const bot = await chatbot(db, (await clientWorkspace(db, agency)).id, user.id);
    const channel = await db.channel.create({ data: { chatbotId: bot.id, kind: "messaging_app_2", credentialsCiphertext: "sealed", webhookSecret: "secret" } });
    await db.channelEvent.createMany({
      data: [
        { channelId: channel.id, eventId: "tg:1", receivedAt: daysAgo(30) },
        { channelId: channel.id, eventId: "tg:2", receivedAt: daysAgo(7.1), repliedAt: daysAgo(7.1) },
        { channelId: channel.id, eventId: "tg:3", receivedAt: daysAgo(6.9) },
        { channelId: channel.id, eventId: "tg:4" },
      ],
    });
    await quickAddJob({ connectionString: url }, "purge_channel_events", {});
    await runQueueOnce(url, { taskList: taskList(db) });
    const kept = await db.channelEvent.findMany({ where: { channelId: channel.id }, orderBy: { eventId: "asc" } });
    expect(kept.map((e) => e.eventId)).toEqual(["tg:3", "tg:4"]);
  });
});
