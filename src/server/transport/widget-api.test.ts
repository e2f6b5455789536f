import { describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER } from "@/server/kernel/security/peer-address";
import { widgetClientIp } from "./widget-api";

const request = (h: Record<string, string>) => new Request("http://127.0.0.1/api/widget/x/config", { headers: h });

describe("widgetClientIp (the widget's per-IP limit subject, TRUST_PROXY off)", () => {
  it("is the peer serve.ts passes on, whatever X-Forwarded-For or X-Real-IP the client chooses", () => {
    const peer = { [PEER_ADDRESS_HEADER]: "127.0.0.1" };
    expect(widgetClientIp(request(peer))).toBe("127.0.0.1");
    expect(widgetClientIp(request({ ...peer, "x-forwarded-for": "81.2.69.160" }))).toBe("127.0.0.1");
    expect(widgetClientIp(request({ ...peer, "x-forwarded-for": "10.0.0.1, 81.2.69.160", "x-real-ip": "81.2.69.161" }))).toBe("127.0.0.1");
  });

  it("without serve.ts's peer header: one shared subject, never the client's X-Forwarded-For", () => {
    const subjects = ["81.2.69.160", "81.2.69.161", "10.0.0.1, 81.2.69.162"].map((xff) => widgetClientIp(request({ "x-forwarded-for": xff })));
    expect(new Set(subjects)).toEqual(new Set([widgetClientIp(request({}))]));
  });
});
