// Redirects over real HTTP (Express with the redirect and 404 middleware, a real database): targets are stored and
// sent as valid, percent-encoded URLs, and arbitrary Unicode — NUL, lone surrogates, emoji cut anywhere, very long
// text — through creating redirects and through the 404→redirect lookup never answers 5xx nor stores unsafe text.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { redirects } from "~/db/schema";
import { redirectFormSchema } from "~/lib/redirect-schema";
import { safeText } from "~/lib/safe-text";
import { createRedirect, listRedirects } from "~/models/redirects.server";
import { setupTestDatabase } from "../tests/support/test-db";
import { applyRedirects, collectNotFound } from "./redirects";

const test = setupTestDatabase();
const by = { actor: "editor@example.com", ip: "203.0.113.9", userAgent: "script" };

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(collectNotFound());
  app.use(applyRedirects());
  app.use((_req, res) => {
    res.status(404).send("not found");
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(async () => {
  await test.handle().db.delete(redirects);
});

/** The request target as a client sends it: printable ASCII as written (escapes included), the rest as UTF-8 escapes. */
function wire(path: string): string {
  let out = "";
  for (const char of path.toWellFormed()) {
    out += /^[\x21-\x7e]$/.test(char) && char !== "#" ? char : encodeURIComponent(char);
  }
  return out;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

function get(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: wire(path) }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    request.on("error", reject);
  });
}

const ASCII_URL = /^[\x21-\x7e]+$/;

async function add(fromPath: string, toUrl: string) {
  const parsed = redirectFormSchema.safeParse({ fromPath, toUrl, statusCode: "301" });
  if (!parsed.success) return undefined;
  return createRedirect(parsed.data, by);
}

describe("redirect targets are valid, percent-encoded URLs", () => {
  it("stores an external target beyond U+00FF encoded and sends it, to pages and to data requests", async () => {
    const created = await add("/old-page", "https://example.com/café/日本?q=ü#frag ment");
    const encoded = "https://example.com/caf%C3%A9/%E6%97%A5%E6%9C%AC?q=%C3%BC#frag%20ment";
    expect(created).toMatchObject({ ok: true, redirect: { toUrl: encoded } });

    const page = await get("/old-page?utm_source=日本");
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe(
      "https://example.com/caf%C3%A9/%E6%97%A5%E6%9C%AC?q=%C3%BC&utm_source=%E6%97%A5%E6%9C%AC#frag%20ment",
    );
    const data = await get("/old-page.data");
    expect(data.status).toBe(204);
    expect(data.headers["x-remix-redirect"]).toBe(encoded);
    // The admin's search finds it by the letters typed.
    expect((await listRedirects({ search: "café/日本" })).rows.map((r) => r.fromPath)).toEqual(["/old-page"]);
  });

  it("encodes a site path target and keeps its escapes; a row stored before is sent encoded too", async () => {
    const created = await add("/ancien", '/blog/déjà-vu%20x?a=%zz&b="<日>"');
    expect(created).toMatchObject({
      ok: true,
      redirect: { toUrl: "/blog/d%C3%A9j%C3%A0-vu%20x?a=%25zz&b=%22%3C%E6%97%A5%3E%22" },
    });

    // As a row written before targets were encoded: raw text beyond U+00FF.
    await test.handle().db.insert(redirects).values({
      fromPath: "/legacy",
      fromKey: "/legacy",
      toUrl: "https://example.com/café/日本",
      statusCode: 302,
      source: "manual",
      createdBy: by.actor,
    });
    // The lookup reads its table again when the content version moves; a redirect write moves it.
    await add("/bump", "/pricing");
    for (const path of ["/legacy", "/legacy.data"]) {
      const answer = await get(path);
      expect(answer.status).toBeLessThan(500);
      const location = answer.headers.location ?? answer.headers["x-remix-redirect"];
      expect(location).toBe("https://example.com/caf%C3%A9/%E6%97%A5%E6%9C%AC");
    }
  });
});

/** Text with what breaks naive code: NUL, lone surrogates, emoji cut at every point, escapes, very long runs. */
const piece = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom(
    "\u0000",
    "\uD83D",
    "\uDE00",
    "😀",
    "日本",
    "café",
    "%",
    "%00",
    "%D8%3D",
    "%ZZ",
    "%E6%97",
    "/",
    "?",
    "#",
    " ",
    "\\",
    "..",
    "\u202E",
  ),
  fc
    .tuple(fc.string({ unit: "grapheme", maxLength: 8 }), fc.nat(12))
    .map(([text, cut]) => `${text}👩‍👩‍👧😀`.slice(0, cut)),
  fc.string({ unit: "binary-ascii", minLength: 200, maxLength: 2500 }),
);
const text = fc.array(piece, { maxLength: 5 }).map((parts) => parts.join(""));
const sitePath = text.map((t) => `/${t}`);
/** Mostly a path the form accepts (no spaces, "?" or "#", not "//"), cut anywhere at the length limit. */
const storablePath = text.map((t) =>
  `/${t.replace(/[\s\p{Cc}?#]/gu, "-").replace(/^[/\\]+/, "")}`.slice(0, 300),
);
const target = fc.oneof(
  sitePath,
  storablePath,
  storablePath.map((p) => `https://example.com${p}`),
  text.map((t) => `https://example.com/${t}`),
  text.map((t) => `http://${t}`),
  text,
);

function isSafe(value: string | null): boolean {
  return value === null || safeText(value) === value;
}

describe("arbitrary Unicode through redirects", () => {
  it("creating redirects never throws, stores only safe text and ASCII targets, and their paths never answer 5xx", async () => {
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(sitePath, storablePath), target, async (fromPath, toUrl) => {
        const created = await add(fromPath, toUrl);
        if (created?.ok) {
          stored++;
          const answer = await get(fromPath);
          expect(answer.status).toBeLessThan(500);
          const data = await get(`${fromPath.split(/[?#]/, 1)[0]}.data`);
          expect(data.status).toBeLessThan(500);
        }
        const rows = await test.handle().db.select().from(redirects);
        for (const row of rows) {
          expect(isSafe(row.fromPath) && isSafe(row.fromKey) && isSafe(row.toKey)).toBe(true);
          expect(row.toUrl).toMatch(ASCII_URL);
        }
        await test.handle().db.delete(redirects);
      }),
      { numRuns: 150 },
    );
    // Most inputs are valid enough to be stored, so the property is about stored redirects, not refusals.
    expect(stored).toBeGreaterThan(40);
  });

  it("the 404→redirect lookup answers every arbitrary path without a 5xx, with an ASCII Location", async () => {
    for (const [from, to] of [
      ["/café", "https://example.com/日本/😀"],
      ["/a%20b", "/blog/ü?x=1#é"],
      ["/emoji-😀", "/x"],
    ] as const) {
      expect(await add(from, to)).toMatchObject({ ok: true });
    }
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          sitePath,
          fc.constantFrom("/café", "/CAF%C3%A9/", "/a%20b", "/%00", "/emoji-😀.data", "/café.data"),
        ),
        async (path) => {
          const answer = await get(path);
          expect(answer.status).toBeLessThan(500);
          const location = answer.headers.location ?? answer.headers["x-remix-redirect"];
          if (location !== undefined) expect(location).toMatch(ASCII_URL);
        },
      ),
      { numRuns: 300 },
    );
  });
});
