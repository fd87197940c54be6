// The other places that cut or store a visitor's text: audit entries (user agents), media titles and alt texts, and
// the back office's searches. Hostile text (NUL, lone surrogates, an emoji at the cut) is stored cut by code point,
// or searched for, without an error.
import { desc, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText } from "../../tests/support/hostile-text";
import { setupTestDatabase } from "../../tests/support/test-db";
import { auditLog, media } from "../db/schema";
import { mediaFilterFromUrl } from "../lib/media";
import { searchPublishedAcademy } from "./academy.server";
import { recordAuditIn } from "./audit.server";
import { filterFromSearch, listContactRequests } from "./contacts-admin.server";
import { listMedia, recordUpload, updateMediaDetails } from "./media.server";

const test = setupTestDatabase();
const who = { actor: "admin@example.com", ip: "127.0.0.1", userAgent: "vitest" };
const wellFormed = (s: string | null | undefined) => s == null || (s.isWellFormed() && !s.includes("\u0000"));

describe("stored text", () => {
  it("an audit entry's user agent is cut at 500 code points, never inside an emoji, NUL removed", async () => {
    const db = test.handle().db;
    await recordAuditIn(db, { actor: "x", action: "test.ua", userAgent: `${"x".repeat(499)}😀\u0000tail` });
    const [row] = await db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(1);
    expect(row?.userAgent).toBe(`${"x".repeat(499)}😀`);
    await fc.assert(
      fc.asyncProperty(hostileText([499, 500]), async (userAgent) => {
        await recordAuditIn(db, { actor: "x", action: "test.ua", userAgent });
        const [stored] = await db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(1);
        expect(wellFormed(stored?.userAgent)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it("a media title (the uploaded file's name) and its details are cut by code point", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(hostileText([199, 200]), hostileText([199, 200]), async (name, title) => {
        n++;
        const entry = await recordUpload(
          {
            key: `images/t${n}.png`,
            bucket: "images",
            fileName: name,
            mimeType: "image/png",
            size: 1,
            variants: [],
          },
          who,
        );
        expect(wellFormed(entry.title)).toBe(true);
        expect([...entry.title].length).toBeLessThanOrEqual(200);
        const result = await updateMediaDetails(entry.id, { title, altText: title }, who);
        expect(result.status).toBe("saved");
        const [stored] = await test.handle().db.select().from(media).where(eq(media.id, entry.id));
        expect(wellFormed(stored?.title)).toBe(true);
        expect(wellFormed(stored?.altText)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});

describe("searches", () => {
  it("the media library, the contacts inbox and the academy search for any text without an error", async () => {
    await fc.assert(
      fc.asyncProperty(hostileText([99, 100, 200]), async (q) => {
        const params = new URLSearchParams({ q });
        await listMedia(mediaFilterFromUrl(params));
        await listMedia({ q });
        await listContactRequests(filterFromSearch(params));
        await searchPublishedAcademy({ q });
      }),
      { numRuns: 50 },
    );
  });
});
