import http from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";

/**
 * A local HubSpot (a third-party boundary, so a stand-in is allowed): the documented v3 endpoints the sync
 * uses, on 127.0.0.1, with HubSpot's error shape `{status:"error", message, correlationId, category}`.
 * - `GET /account-info/v3/details` → `{portalId, …}`; 401 for an unknown token;
 * - `POST /crm/v3/objects/contacts/batch/upsert` with `idProperty: "email"` → `{status:"COMPLETE", results}`;
 * - `POST /crm/v3/objects/notes` with associations → 201; `PATCH /crm/v3/objects/notes/{noteId}` → 200 (404 unknown);
 * - `GET /crm/v3/objects/contacts/{email}?idProperty=email` → the contact (and, for tests, its notes' count).
 * `failNext` queues answers for the next API calls (e.g. 429 with Retry-After). `under` mounts the API
 * under a path (as behind a proxy): `baseUrl` carries it, and anything outside it answers 404. It imports
 * nothing of vitest, so e2e's runner starts it too.
 */
export interface HubspotContact {
  id: string;
  properties: Record<string, string>;
}
export interface HubspotNote {
  id: string;
  properties: { hs_timestamp: string; hs_note_body: string };
  associations: Array<{ to: { id: string }; types: Array<{ associationCategory: string; associationTypeId: number }> }>;
}
export interface HubspotStub {
  baseUrl: string;
  token: string;
  portalId: number;
  contacts: Map<string, HubspotContact>;
  notes: HubspotNote[];
  requests: Array<{ method: string; path: string; at: number }>;
  failNext(...answers: Array<{ status: number; retryAfter?: number }>): void;
  stop(): Promise<void>;
  unref(): void;
}

const error = (res: http.ServerResponse, status: number, message: string, category: string, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify({ status: "error", message, correlationId: randomUUID(), category }));

export async function startHubspotStub(token = "pat-na1-test-token", under = ""): Promise<HubspotStub> {
  const contacts = new Map<string, HubspotContact>();
  const notes: HubspotNote[] = [];
  const requests: HubspotStub["requests"] = [];
  const failures: Array<{ status: number; retryAfter?: number }> = [];
  let nextId = 1000;
  const portalId = 4242;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const full = (req.url ?? "/").split("?")[0]!;
      if (!full.startsWith(`${under}/`)) return error(res, 404, `No route for ${req.method} ${full}`, "OBJECT_NOT_FOUND");
      const path = full.slice(under.length);
      requests.push({ method: req.method!, path, at: Date.now() });
      if (req.headers.authorization !== `Bearer ${token}`) {
        return error(res, 401, "Authentication credentials not found. This API supports OAuth 2.0 authentication.", "INVALID_AUTHENTICATION");
      }
      const failure = failures.shift();
      if (failure) {
        if (failure.status === 429) {
          return error(res, 429, "You have reached your secondly limit.", "RATE_LIMITS", failure.retryAfter === undefined ? {} : { "Retry-After": String(failure.retryAfter) });
        }
        if (failure.status === 401) return error(res, 401, "The OAuth token used to make this call expired.", "EXPIRED_AUTHENTICATION");
        if (failure.status === 404) return error(res, 404, "Object not found.", "OBJECT_NOT_FOUND");
        return error(res, failure.status, "Internal error", "INTERNAL_ERROR");
      }
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return error(res, 400, "Invalid input JSON", "VALIDATION_ERROR");
      }
      const now = new Date().toISOString();
      if (req.method === "GET" && path === "/account-info/v3/details") {
        return res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ portalId, timeZone: "UTC", accountType: "STANDARD", companyCurrency: "USD" }));
      }
      const single = /^\/crm\/v3\/objects\/contacts\/([^/]+)$/.exec(path);
      if (req.method === "GET" && single) {
        // `?idProperty=email` reads a contact by its e-mail, as HubSpot documents.
        const id = decodeURIComponent(single[1]!).toLowerCase();
        const byEmail = new URL(req.url ?? "/", "http://x").searchParams.get("idProperty") === "email";
        const contact = byEmail ? contacts.get(id) : [...contacts.values()].find((c) => c.id === id);
        if (!contact) return error(res, 404, "Object not found.", "OBJECT_NOT_FOUND");
        const withNotes = notes.filter((x) => x.associations.some((a) => a.to.id === contact.id)).length;
        return res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ id: contact.id, properties: contact.properties, archived: false, notes: withNotes }));
      }
      if (req.method === "POST" && path === "/crm/v3/objects/contacts/batch/upsert") {
        const inputs = body.inputs as Array<{ idProperty?: string; id?: string; properties?: Record<string, string> }> | undefined;
        if (!Array.isArray(inputs) || inputs.some((i) => i.idProperty !== "email" || typeof i.id !== "string" || !i.id.includes("@"))) {
          return error(res, 400, "Invalid input: each input needs idProperty \"email\" and an e-mail id", "VALIDATION_ERROR");
        }
        const results = inputs.map((input) => {
          const email = input.id!.toLowerCase();
          const existing = contacts.get(email);
          const contact = existing ?? { id: String(nextId++), properties: {} };
          contact.properties = { ...contact.properties, ...input.properties, email };
          contacts.set(email, contact);
          return { id: contact.id, properties: contact.properties, createdAt: now, updatedAt: now, archived: false, new: !existing };
        });
        return res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ status: "COMPLETE", results, startedAt: now, completedAt: now }));
      }
      if (req.method === "POST" && path === "/crm/v3/objects/notes") {
        const note = body as unknown as Omit<HubspotNote, "id">;
        const target = note.associations?.[0]?.to?.id;
        if (!note.properties?.hs_timestamp || ![...contacts.values()].some((c) => c.id === target)) {
          return error(res, 400, "Invalid note: hs_timestamp and an associated contact are required", "VALIDATION_ERROR");
        }
        const created = { id: String(nextId++), properties: note.properties, associations: note.associations };
        notes.push(created);
        return res.writeHead(201, { "Content-Type": "application/json" }).end(JSON.stringify({ id: created.id, properties: created.properties, createdAt: now, updatedAt: now, archived: false }));
      }
      const noteId = /^\/crm\/v3\/objects\/notes\/([^/]+)$/.exec(path);
      if (req.method === "PATCH" && noteId) {
        const note = notes.find((x) => x.id === decodeURIComponent(noteId[1]!));
        if (!note) return error(res, 404, "Object not found.", "OBJECT_NOT_FOUND");
        const properties = (body.properties ?? {}) as Partial<HubspotNote["properties"]>;
        note.properties = { ...note.properties, ...properties };
        return res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ id: note.id, properties: note.properties, createdAt: now, updatedAt: now, archived: false }));
      }
      error(res, 404, `No route for ${req.method} ${path}`, "OBJECT_NOT_FOUND");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${under}`,
    token,
    portalId,
    contacts,
    notes,
    requests,
    failNext: (...answers) => void failures.push(...answers),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    unref: () => void server.unref(),
  };
}
