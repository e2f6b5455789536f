import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentedRoute, NEXT_ONLY_V1_PATHS, restRouteTable } from "@/server/transport/rest/bridge";
import { restEndpoints } from "@/server/transport/rest/registry";
import { restRouteMatcher } from "@/server/transport/rest/route-match";

const documented = [...restEndpoints().keys()];
const staticNames = new Set(documented.concat(NEXT_ONLY_V1_PATHS).flatMap((p) => p.split("/").filter((s) => s && !s.startsWith("{"))));
const fill = (path: string, value: (name: string) => string) => path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
const paramNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

const nextRoute = (pathname: string) => restRouteTable().route(pathname);

describe("which documented route a path names", () => {
  it.each(documented)("%s matches itself, with its parameters", (path) => {
    const route = documentedRoute("GET", fill(path, (name) => `id_${name}`));
    expect(route).toEqual({ path, params: Object.fromEntries(paramNames(path).map((name) => [name, `id_${name}`])) });
  });

  it("matches any plain id, and only the path it fills, as Next's route does", () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_~-]{1,24}$/).filter((s) => !staticNames.has(s));
    fc.assert(
      fc.property(fc.constantFrom(...documented), fc.array(id, { minLength: 4, maxLength: 4 }), (path, ids) => {
        const names = paramNames(path);
        const params = Object.fromEntries(names.map((name, i) => [name, ids[i]!]));
        expect(documentedRoute("DELETE", fill(path, (name) => params[name]!))).toEqual({ path, params });
        expect(nextRoute(fill(path, (name) => params[name]!))).toEqual({ path, params });
      }),
    );
  });

  it("reads a parameter with a literal extension (a report's `{period}.pdf`) beside the plain parameter and static names", () => {
    const pdf = "/v1/agency/clients/{client_id}/reports/{period}.pdf";
    expect(documentedRoute("GET", "/v1/agency/clients/c1/reports/2026-11.pdf")).toEqual({ path: pdf, params: { client_id: "c1", period: "2026-11" } });
    expect(nextRoute("/v1/agency/clients/c1/reports/2026-W47.pdf")).toEqual({ path: pdf, params: { client_id: "c1", period: "2026-W47" } });
    expect(documentedRoute("POST", "/v1/agency/clients/c1/reports/2026-11/send")?.path).toBe("/v1/agency/clients/{client_id}/reports/{period}/send");
    expect(documentedRoute("GET", "/v1/agency/clients/c1/reports/settings")?.path).toBe("/v1/agency/clients/{client_id}/reports/settings");
    // The extension alone names no period.
    expect(nextRoute("/v1/agency/clients/c1/reports/.pdf")).toBeNull();
    const table = restRouteMatcher(["/v1/{a}/x", "/v1/{a}.csv"]);
    expect(table.route("/v1/q.csv")).toEqual({ path: "/v1/{a}.csv", params: { a: "q" } });
    expect(table.route("/v1/q.csv/x")).toEqual({ path: "/v1/{a}/x", params: { a: "q.csv" } });
  });

  it("prefers a static name to a parameter at the same place, as Next's router does", () => {
    expect(documentedRoute("GET", "/v1/me")?.path).toBe("/v1/me");
    expect(documentedRoute("GET", "/v1/agency/clients")?.path).toBe("/v1/agency/clients");
    expect(documentedRoute("POST", "/v1/bot/sources/files")?.path).toBe("/v1/{chatbot_id}/sources/files");
    expect(documentedRoute("GET", "/v1/bot/sources/src_1")).toEqual({ path: "/v1/{chatbot_id}/sources/{source_id}", params: { chatbot_id: "bot", source_id: "src_1" } });
  });

  it("leaves to Next what it would not route to a documented operation", () => {
    for (const pathname of [
      "/v1",
      "/v1/openapi.json", // Next's own route, not a chatbot id
      "/v1/me/contacts", // below a static name: no falling back to {chatbot_id}
      "/v1/agency/contacts",
      "/v1/bot/no-such-route",
      "/v1/bot/contacts/", // a trailing slash: Next redirects
      "/v1//contacts",
      "/v1/b%6Ft/contacts", // percent-encoding: Next decodes it
      "/v1/bot/../me",
      "/api/v1/me",
    ]) {
      expect(documentedRoute("GET", pathname), pathname).toBeNull();
    }
  });

  it("leaves HEAD and OPTIONS to Next", () => {
    expect(documentedRoute("HEAD", "/v1/me")).toBeNull();
    expect(documentedRoute("OPTIONS", "/v1/me")).toBeNull();
    expect(documentedRoute("GET", "/v1/me")).not.toBeNull();
  });

  it("refuses two names for one parameter place", () => {
    expect(() => restRouteMatcher(["/v1/{chatbot_id}/a", "/v1/{bot}/b"])).toThrow(/\{bot\}/);
  });
});

// Next's one `/v1` route answers what the front server leaves to it, as the route folders it replaced did.
describe("Next's routing of a /v1 path", () => {
  it("falls back from a static name to the parameter beside it, except below /v1/agency", () => {
    expect(nextRoute("/v1/me/contacts")).toEqual({ path: "/v1/{chatbot_id}/contacts", params: { chatbot_id: "me" } });
    expect(nextRoute("/v1/agency")).toEqual({ path: "/v1/{chatbot_id}", params: { chatbot_id: "agency" } });
    expect(nextRoute("/v1/openapi.json/contacts")).toEqual({ path: "/v1/{chatbot_id}/contacts", params: { chatbot_id: "openapi.json" } });
    expect(nextRoute("/v1/agency/contacts")).toBeNull();
    expect(nextRoute("/v1/agency/clients/c_1/contacts")).toBeNull();
  });

  it("matches a static name as sent and decodes a parameter", () => {
    expect(nextRoute("/v1/%6De")).toEqual({ path: "/v1/{chatbot_id}", params: { chatbot_id: "me" } });
    expect(nextRoute("/v1/me%2Fchatbots")).toEqual({ path: "/v1/{chatbot_id}", params: { chatbot_id: "me/chatbots" } });
    expect(nextRoute("/v1/b%20t/sources/s%3B1")).toEqual({ path: "/v1/{chatbot_id}/sources/{source_id}", params: { chatbot_id: "b t", source_id: "s;1" } });
    expect(nextRoute("/v1/%E0%A4%A/contacts")).toBeNull();
  });

  it("ignores a trailing slash", () => {
    expect(nextRoute("/v1/me/")?.path).toBe("/v1/me");
    expect(nextRoute("/v1/bot/contacts/")).toEqual({ path: "/v1/{chatbot_id}/contacts", params: { chatbot_id: "bot" } });
    expect(nextRoute("/v1/")).toBeNull();
  });

  it("names no operation for /v1, a path past every route, or a route Next serves from its own file", () => {
    for (const pathname of ["/v1", "/v1/me/chatbots/extra", "/v1/bot/a/b/c", "/v1/bot/conversations/c_1/nope", "/v1/openapi.json", "/v1/openapi.json/x", "/api/v1/me"]) {
      expect(nextRoute(pathname), pathname).toBeNull();
    }
  });

  it("is the only route below /v1 but those Next serves from files of their own", () => {
    const V1 = path.resolve("src/app/v1");
    const routeFolders = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? routeFolders(path.join(dir, entry.name)) : entry.name === "route.ts" ? [path.relative(V1, dir)] : [],
      );
    expect(routeFolders(V1).sort()).toEqual(["[[...path]]", ...NEXT_ONLY_V1_PATHS.map((p) => p.replace("/v1/", ""))].sort());
  });
});
