import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "./forms";
import {
  collapsedTarget,
  encodedTarget,
  internalKey,
  isNonPagePath,
  isSitePath,
  pathKey,
  readableTarget,
  redirectLocation,
} from "./redirect-paths";
import { REDIRECT_MESSAGES, redirectFormSchema } from "./redirect-schema";

describe("redirect paths", () => {
  it("encodes targets into valid ASCII URLs, keeping escapes, never turning a path into another host", () => {
    expect(encodedTarget("https://exämple.com/café/日本?q=ü#é")).toBe(
      "https://xn--exmple-cua.com/caf%C3%A9/%E6%97%A5%E6%9C%AC?q=%C3%BC#%C3%A9",
    );
    expect(encodedTarget("/blog/caf%C3%A9/ü?a=%zz&b=1")).toBe("/blog/caf%C3%A9/%C3%BC?a=%25zz&b=1");
    expect(encodedTarget("/x\uD83D/y😀")).toBe("/x%EF%BF%BD/y%F0%9F%98%80");
    // Dot segments are left alone: resolving them would make "//evil.example", another host.
    expect(encodedTarget("/.//evil.example")).toBe("/.//evil.example");
    for (const target of ["https://example.com/café", "/blog/déjà vu", "/%", "/a b"]) {
      expect(encodedTarget(encodedTarget(target))).toBe(encodedTarget(target));
    }
  });

  it("shows a stored target with its letters decoded, keeping escapes that carry meaning", () => {
    expect(readableTarget("https://example.com/caf%C3%A9/%E6%97%A5?a=%26b%25%20#x")).toBe(
      "https://example.com/café/日?a=%26b%25%20#x",
    );
    expect(readableTarget("/bad%E6%97")).toBe("/bad%E6%97");
  });

  it("keys are safe text: NUL kept as %00, lone surrogates replaced", () => {
    expect(pathKey("/a%00b")).toBe("/a%00b");
    expect(pathKey("/a\u0000b")).toBe("/a%00b");
    expect(pathKey("/x\uD83D")).toBe("/x\uFFFD");
    expect(isSitePath("/a\u0000b")).toBe(false);
  });

  it("compares paths decoded, lower-cased, without query, fragment or trailing slashes", () => {
    expect(pathKey("/Blog/Caf%C3%A9/?x=1#top")).toBe("/blog/café");
    expect(pathKey("/blog/café")).toBe("/blog/café");
    expect(pathKey("/")).toBe("/");
    expect(pathKey("//")).toBe("/");
    expect(pathKey("/bad%E0%A4%A")).toBe("/bad%e0%a4%a");
  });

  it("tells site paths from other hosts and back-office paths", () => {
    expect(isSitePath("/old-page")).toBe(true);
    expect(isSitePath("//evil.example/x")).toBe(false);
    expect(isSitePath("/\\evil.example")).toBe(false);
    expect(isSitePath("/with space")).toBe(false);
    expect(internalKey("https://elsewhere.example/x")).toBeUndefined();
    for (const path of [
      "/admin",
      "/ADMIN/blog",
      "/admin-auth",
      "/api",
      "/api/leads",
      "/assets/x.js",
      "/uploads/a",
    ]) {
      expect(isNonPagePath(path), path).toBe(true);
    }
    for (const path of ["/", "/apis", "/blog/admin", "/assets"])
      expect(isNonPagePath(path), path).toBe(false);
  });

  it("adds the request's query string to the target, before its fragment", () => {
    expect(redirectLocation("/new", "")).toBe("/new");
    expect(redirectLocation("/new", "utm_source=x")).toBe("/new?utm_source=x");
    expect(redirectLocation("/new?a=1#part", "b=2")).toBe("/new?a=1&b=2#part");
    expect(redirectLocation("https://elsewhere.example/", "b=2")).toBe("https://elsewhere.example/?b=2");
  });

  it("collapses a chain into where a visitor would end up", () => {
    expect(collapsedTarget("/b?ref=a#top", "/c")).toBe("/c?ref=a#top");
    expect(collapsedTarget("/b#top", "/c#other")).toBe("/c#other");
    expect(collapsedTarget("/b", "https://elsewhere.example/new?x=1")).toBe(
      "https://elsewhere.example/new?x=1",
    );
  });
});

describe("the add-redirect form", () => {
  const errorsOf = (values: Record<string, string>) => {
    const parsed = redirectFormSchema.safeParse(values);
    return parsed.success ? {} : fieldErrorsOf(parsed.error);
  };

  it("accepts a path or an http(s) URL, 301 by default, and keeps the path without trailing slash", () => {
    expect(redirectFormSchema.parse({ fromPath: " /old/ ", toUrl: " /new?x=1 " })).toEqual({
      fromPath: "/old",
      toUrl: "/new?x=1",
      statusCode: 301,
    });
    expect(
      redirectFormSchema.parse({ fromPath: "/old", toUrl: "https://x.example", statusCode: "302" }),
    ).toMatchObject({ statusCode: 302 });
  });

  it("refuses with a message a person can act on", () => {
    expect(errorsOf({ fromPath: "", toUrl: "" })).toEqual({
      fromPath: REDIRECT_MESSAGES.fromRequired,
      toUrl: REDIRECT_MESSAGES.toRequired,
    });
    expect(errorsOf({ fromPath: "old", toUrl: "/x" }).fromPath).toBe(REDIRECT_MESSAGES.fromSlash);
    expect(errorsOf({ fromPath: "/old?x=1", toUrl: "/x" }).fromPath).toBe(REDIRECT_MESSAGES.fromQuery);
    expect(errorsOf({ fromPath: "/Admin/blog", toUrl: "/x" }).fromPath).toBe(REDIRECT_MESSAGES.fromReserved);
    expect(errorsOf({ fromPath: "/blog/x.data", toUrl: "/x" }).fromPath).toBe(REDIRECT_MESSAGES.fromReserved);
    expect(errorsOf({ fromPath: "/old", toUrl: "javascript:alert(1)" }).toUrl).toBe(
      REDIRECT_MESSAGES.toInvalid,
    );
    expect(errorsOf({ fromPath: "/old", toUrl: "//evil.example" }).toUrl).toBe(REDIRECT_MESSAGES.toInvalid);
    expect(errorsOf({ fromPath: "/Old", toUrl: "/old/#x" }).toUrl).toBe(REDIRECT_MESSAGES.same);
    expect(errorsOf({ fromPath: "/old", toUrl: "/new", statusCode: "307" }).statusCode).toBeTruthy();
  });
});
