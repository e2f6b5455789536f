import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentedRoute, NEXT_ONLY_V1_PATHS } from "@/server/transport/rest/bridge";
import { restEndpoints } from "@/server/transport/rest/registry";
import { restRouteMatcher } from "@/server/transport/rest/route-match";

const documented = [...restEndpoints().keys()];
const staticNames = new Set(documented.concat(NEXT_ONLY_V1_PATHS).flatMap((p) => p.split("/").filter((s) => s && !s.startsWith("{"))));
const fill = (path: string, value: (name: string) => string) => path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
const paramNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

describe("which documented route a path names", () => {
  it.each(documented)("%s matches itself, with its parameters", (path) => {
    const route = documentedRoute("GET", fill(path, (name) => `id_${name}`));
    expect(route).toEqual({ path, params: Object.fromEntries(paramNames(path).map((name) => [name, `id_${name}`])) });
  });

  it("matches any plain id, and only the path it fills", () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_~-]{1,24}$/).filter((s) => !staticNames.has(s));
    fc.assert(
      fc.property(fc.constantFrom(...documented), fc.array(id, { minLength: 4, maxLength: 4 }), (path, ids) => {
        const names = paramNames(path);
        const params = Object.fromEntries(names.map((name, i) => [name, ids[i]!]));
        expect(documentedRoute("DELETE", fill(path, (name) => params[name]!))).toEqual({ path, params });
      }),
    );
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
