import { describe, expect, it } from "vitest";
import { navFor } from "./portal-nav";

describe("navigation by role", () => {
  it("gives the agency owner the back office", () => {
    expect(navFor({ ownsAgency: true, viewingAsClient: false, manageableTeams: 3 })).toEqual(["home", "clients", "templates", "billing", "chatbots", "team", "webhooks", "audit-log", "api-tokens", "settings"]);
  });

  it("shows an agency owner viewing as a client what the client's admin sees", () => {
    expect(navFor({ ownsAgency: true, viewingAsClient: true, manageableTeams: 3 })).toEqual(["home", "chatbots", "team", "api-tokens", "settings"]);
  });

  it("gives a client admin the team, never clients or webhooks", () => {
    expect(navFor({ ownsAgency: false, viewingAsClient: false, manageableTeams: 1, clientWorkspaces: 1 })).toEqual(["home", "chatbots", "team", "api-tokens", "settings"]);
  });

  it("gives an editor or member only what they can use", () => {
    expect(navFor({ ownsAgency: false, viewingAsClient: false, manageableTeams: 0, clientWorkspaces: 1 })).toEqual(["home", "chatbots", "api-tokens", "settings"]);
    expect(navFor({ ownsAgency: false, viewingAsClient: false, manageableTeams: 0 })).toEqual(["chatbots", "api-tokens", "settings"]);
  });
});
