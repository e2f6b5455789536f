import { describe, expect, it } from "vitest";
import { providerUrl } from "./provider-url";

describe("providerUrl", () => {
  it("keeps the base URL's path", () => {
    expect(providerUrl("http://127.0.0.1:9000/hubspot", "/account-info/v3/details").href).toBe("http://127.0.0.1:9000/hubspot/account-info/v3/details");
    expect(providerUrl("http://127.0.0.1:9000/hubspot/", "crm/v3/objects/notes").href).toBe("http://127.0.0.1:9000/hubspot/crm/v3/objects/notes");
    expect(providerUrl("https://graph.facebook.com/v21.0", "/123/messages").href).toBe("https://graph.facebook.com/v21.0/123/messages");
  });

  it("joins under a bare host and keeps the endpoint's query", () => {
    expect(providerUrl("https://api.hubapi.com", "/account-info/v3/details").href).toBe("https://api.hubapi.com/account-info/v3/details");
    expect(providerUrl("http://h/stripe", "/v1/customers?limit=3").href).toBe("http://h/stripe/v1/customers?limit=3");
  });
});
