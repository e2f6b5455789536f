import { describe, expect, it } from "vitest";
import { acceptsJson, isJsonContentType } from "./http";

describe("acceptsJson", () => {
  it.each([
    [null, true],
    ["", true],
    ["application/json", true],
    ["*/*", true],
    ["application/*", true],
    ["text/html, application/json;q=0.9", true],
    ["application/problem+json", true],
    ["text/html", false],
    ["application/xml", false],
    ["application/json;q=0", false],
  ])("Accept %j → %s", (accept, expected) => {
    expect(acceptsJson(accept)).toBe(expected);
  });
});

describe("isJsonContentType", () => {
  it.each([
    ["application/json", true],
    ["application/json; charset=utf-8", true],
    ["Application/JSON", true],
    ["application/merge-patch+json", true],
    ["text/plain", false],
    ["application/x-www-form-urlencoded", false],
    [null, false],
  ])("Content-Type %j → %s", (ct, expected) => {
    expect(isJsonContentType(ct)).toBe(expected);
  });
});
