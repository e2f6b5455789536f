import { generateKeyPairSync } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";
import { linkIn } from "../helpers/mail-text";
import { onCleanup } from "../helpers/cleanup";
import { startDnsServer, type LocalDnsServer } from "../helpers/dns-server";
import { startSmtpServer, type LocalSmtpServer } from "../helpers/smtp-server";
import { trpcFailure } from "../helpers/trpc-failure";

/** docs/decisions/062-custom-domain-dns-verification.md: an agency sets its domain, publishes the TXT record, verification reads it from a real DNS server on 127.0.0.1; then links and mails use it. */
let db: Db;
let dns: LocalDnsServer;
let smtp: LocalSmtpServer;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
const agency = () => createCaller({ db, user: owner.user, via: "session", tokenId: null });

beforeAll(async () => {
  dns = await startDnsServer();
  onCleanup(dns.stop);
  smtp = await startSmtpServer();
  ({ db } = await createTestDatabase());
  const { env } = await import("@/server/kernel/env");
  Object.assign(env(), { DNS_SERVERS: [dns.address], SMTP_URL: smtp.url });
  owner = await agencyOwner(db);
});

describe("custom domain", () => {
  it("gives a TXT record, verifies it through the configured resolver, then invitations carry the domain and the brand", async () => {
    await agency().agencyBrand.update({ brand_name: "Bright Agency", brand_logo_url: null, brand_accent_color: "#0f766e", brand_support_email: "help@bright.example" });
    const set = await agency().agencyBrand.setDomain({ custom_domain: "Portal.Bright.example." });
    expect(set.custom_domain).toBe("portal.bright.example");
    expect(set.custom_domain_verified_at).toBeNull();
    const record = set.custom_domain_record!;
    expect(record).toMatchObject({ type: "TXT", name: "_acp-verify.portal.bright.example" });
    expect(record.value).toMatch(/^acp-verify=[0-9a-f]{32}$/);

    const missing = await trpcFailure(agency().agencyBrand.verifyDomain());
    expect(missing).toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    expect(missing.message).toMatch(/no TXT record was found/);
    dns.txt.set(record.name, ["something-else"]);
    expect((await trpcFailure(agency().agencyBrand.verifyDomain())).message).toMatch(/it has "something-else"/);

    dns.txt.set(record.name, ["something-else", record.value]);
    const verified = await agency().agencyBrand.verifyDomain();
    expect(verified.custom_domain_verified_at).not.toBeNull();

    const { invitation } = await agency().agencyClients.create({ name: "Branded Client", invite_email: "boss@branded.example" });
    expect(invitation!.accept_url).toMatch(/^https:\/\/portal\.bright\.example\/invitations\/accept\?token=/);
    await smtp.waitFor(1);
    const mail = smtp.messages.find((m) => m.to.includes("boss@branded.example"))!;
    expect(mail.subject).toBe("You're invited to Branded Client on Bright Agency");
    expect(mail.raw).toMatch(/^From: "?Bright Agency"? </m);
    expect(linkIn(mail, "/invitations/accept")).toBe(invitation!.accept_url);

    // A new domain starts unverified, with a new value; removing it goes back to the platform's links.
    const moved = await agency().agencyBrand.setDomain({ custom_domain: "chat.bright.example" });
    expect(moved.custom_domain_verified_at).toBeNull();
    expect(moved.custom_domain_record!.value).not.toBe(record.value);
    const removed = await agency().agencyBrand.setDomain({ custom_domain: null });
    expect(removed).toMatchObject({ custom_domain: null, custom_domain_record: null });

    // Each white-label change in the owner's audit log, before and after.
    const log = (await agency().audit.list({ per_page: 100 })).data.filter((e) => e.target.type === "agency").reverse();
    expect(log.map((e) => e.action)).toEqual(["brand.changed", "custom_domain.set", "custom_domain.verified", "custom_domain.set", "custom_domain.removed"]);
    expect(log[0]).toMatchObject({ before: { brand_name: null, brand_accent_color: null }, after: { brand_name: "Bright Agency", brand_accent_color: "#0f766e" } });
    expect(log[2]).toMatchObject({ after: { custom_domain: "portal.bright.example" } });
    expect(log[3]).toMatchObject({ before: { custom_domain: "portal.bright.example", verified: true }, after: { custom_domain: "chat.bright.example" } });
    expect(log[4]).toMatchObject({ before: { custom_domain: "chat.bright.example", verified: false }, after: null });
  });

  it("sends From the platform's address with the agency's name until the domain publishes the platform's DKIM key, then From the agency's domain, signed", async () => {
    const { env } = await import("@/server/kernel/env");
    const { dkimPublicKey } = await import("@/server/kernel/mail/dkim");
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const set = await agency().agencyBrand.setDomain({ custom_domain: "mail.bright.example" });
    dns.txt.set(set.custom_domain_record!.name, [set.custom_domain_record!.value]);
    const verified = await agency().agencyBrand.verifyDomain();
    expect(verified.mail_sender_record).toBeNull(); // no DKIM key on this installation yet
    expect((await trpcFailure(agency().agencyBrand.verifyMailSender())).message).toMatch(/not available on this installation/);

    Object.assign(env(), { MAIL_DKIM_PRIVATE_KEY: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), MAIL_DKIM_SELECTOR: "acp" });
    const brand = await agency().agencyBrand.get();
    const record = brand.mail_sender_record!;
    expect(record).toEqual({ type: "TXT", name: "acp._domainkey.mail.bright.example", value: `v=DKIM1; k=rsa; p=${dkimPublicKey()}` });
    expect(brand.mail_from_domain).toBeNull();

    const { client } = await agency().agencyClients.create({ name: "Mail Client" });
    const inviteAndRead = async (email: string) => {
      const sent = await agency().agencyClients.invite({ client_id: client.id, email, role: "admin" });
      expect(sent).toMatchObject({ mail_sent: true, mail_error: null });
      return smtp.messages.find((m) => m.to.includes(email))!;
    };
    const before = await inviteAndRead("first@mail-client.example");
    expect(before.raw).toMatch(/^From: "?Bright Agency"? <no-reply@localhost>/m);
    expect(before.raw).toMatch(/^Reply-To: help@bright\.example/m);
    expect(before.raw).not.toMatch(/^DKIM-Signature:/m);

    dns.txt.set(record.name, ["v=DKIM1; k=rsa; p=AAAAnotours"]);
    expect((await trpcFailure(agency().agencyBrand.verifyMailSender())).message).toMatch(/holds another key/);
    dns.txt.set(record.name, [record.value]);
    const sender = await agency().agencyBrand.verifyMailSender();
    expect(sender).toMatchObject({ mail_from_domain: "mail.bright.example" });
    expect(sender.mail_sender_verified_at).not.toBeNull();

    const after = await inviteAndRead("second@mail-client.example");
    expect(after.raw).toMatch(/^From: "?Bright Agency"? <no-reply@mail\.bright\.example>/m);
    expect(after.raw).toMatch(/^Reply-To: help@bright\.example/m);
    const signature = /^DKIM-Signature: (.*(?:\r?\n[ \t].*)*)/m.exec(after.raw)?.[1]?.replace(/\s+/g, "") ?? "";
    expect(signature).toContain("d=mail.bright.example;");
    expect(signature).toContain("s=acp;");
    expect(linkIn(after, "/invitations/accept")).toMatch(/^https:\/\/mail\.bright\.example\/invitations\/accept\?token=/);

    // A new domain must publish the key again; the audit log has the verification.
    expect((await agency().agencyBrand.setDomain({ custom_domain: "other.bright.example" })).mail_from_domain).toBeNull();
    const log = await agency().audit.list({ action: "mail_sender.verified" });
    expect(log.data[0]).toMatchObject({ after: { mail_from: "no-reply@mail.bright.example" } });
    Object.assign(env(), { MAIL_DKIM_PRIVATE_KEY: undefined });
  });

  it("refuses what is not a host name, and a domain another agency uses", async () => {
    for (const bad of ["https://portal.x.example/", "localhost", "127.0.0.1", "a..b", "-x.example"]) {
      const failure = await trpcFailure(agency().agencyBrand.setDomain({ custom_domain: bad }));
      expect(failure.code, bad).toBe("UNPROCESSABLE_CONTENT");
    }
    await agency().agencyBrand.setDomain({ custom_domain: "taken.example" });
    const other = await agencyOwner(db);
    const clash = await trpcFailure(createCaller({ db, user: other.user, via: "session", tokenId: null }).agencyBrand.setDomain({ custom_domain: "taken.example" }));
    expect(clash.errors?.custom_domain?.[0]).toBe("Another agency uses this domain.");
  });
});

describe("the demo login on the sign-in page", () => {
  it("shows only while the demo owner still has the published password", async () => {
    const { isFreshDemoInstall, forgetDemoFreshness } = await import("@/server/demo/fresh");
    const { DEMO_OWNER } = await import("@/server/demo/seed");
    const { createUser } = await import("@/server/accounts");
    forgetDemoFreshness();
    expect(await isFreshDemoInstall(db)).toBe(false);
    const { user } = await createUser(db, { email: DEMO_OWNER.email, name: DEMO_OWNER.name, password: DEMO_OWNER.password });
    forgetDemoFreshness();
    expect(await isFreshDemoInstall(db)).toBe(true);
    const { hashPassword } = await import("@/server/access");
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword("a-private-password") } });
    forgetDemoFreshness();
    expect(await isFreshDemoInstall(db)).toBe(false);
  });
});
