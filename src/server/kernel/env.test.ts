import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("applies defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(".data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO_DATA).toBe(true);
    expect(env.WEBHOOK_RETRY_SCHEDULE).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(env.WEBHOOK_TIMEOUT_MS).toBe(15000);
    expect(env.WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(false);
  });

  it("reads DNS_SERVERS as a list of resolver addresses", () => {
    expect(parseEnv({ DNS_SERVERS: "127.0.0.1:5353, 1.1.1.1,[::1]:53" }).DNS_SERVERS).toEqual(["127.0.0.1:5353", "1.1.1.1", "[::1]:53"]);
    expect(() => parseEnv({ DNS_SERVERS: "dns.example" })).toThrow(/DNS_SERVERS/);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ NEXTAUTH_SECRET: "short" }, "NEXTAUTH_SECRET"],
    [{ SEED_DEMO_DATA: "maybe" }, "SEED_DEMO_DATA"],
    [{ WEBHOOK_RETRY_SCHEDULE: "0,5,x" }, "WEBHOOK_RETRY_SCHEDULE"],
    [{ WEBHOOK_TIMEOUT_MS: "5" }, "WEBHOOK_TIMEOUT_MS"],
    [{ WEBHOOK_CA_CERTS: "/no/such/file.pem" }, "WEBHOOK_CA_CERTS"],
    [{ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "yes" }, "WEBHOOK_ALLOW_PRIVATE_NETWORKS"],
  ])("names the bad variable in %j", (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("accepts a full valid configuration", () => {
    const env = parseEnv({
      PORT: "8080",
      APP_URL: "https://bots.example.com",
      DATABASE_URL: "postgresql://u:p@db:5432/app",
      NEXTAUTH_SECRET: "x".repeat(32),
      SEED_DEMO_DATA: "false",
    });
    expect(env).toMatchObject({ PORT: 8080, APP_URL: "https://bots.example.com", SEED_DEMO_DATA: false });
  });
});
