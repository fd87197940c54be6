// A library file's alt text and title saved against the version its details form loaded, on a real database (PGlite,
// and PostgreSQL with TEST_DATABASE_URL): a save over a teammate's newer one is refused and changes nothing, saving
// over it on purpose is a normal save, and the picker's "Add alt text" (which loads no version) is not checked.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, authUsers } from "~/db/schema";
import { setupTestDatabase } from "../../tests/support/test-db";
import { conflictWith, versionOf } from "./edit-conflicts.server";
import {
  deleteMedia,
  getMedia,
  listMedia,
  type MediaEntry,
  recordUpload,
  updateMediaDetails,
} from "./media.server";

const test = setupTestDatabase();
const who = { actor: "editor@example.com", ip: "203.0.113.5", userAgent: "media-test" };
const dana = { actor: "dana@example.com", ip: "203.0.113.6", userAgent: "media-test" };

let n = 0;
/** A library entry for an image (the bytes are not the point here). */
function image(): Promise<MediaEntry> {
  n += 1;
  const hash = n.toString(16).padStart(32, "0");
  return recordUpload(
    {
      key: `images/${hash}.png`,
      bucket: "images",
      fileName: `picture-${n}.png`,
      mimeType: "image/png",
      size: 1000,
      width: 40,
      height: 30,
      variants: [],
    },
    who,
  );
}

async function audited(action: string): Promise<number> {
  return (await test.handle().db.select().from(auditLog).where(eq(auditLog.action, action))).length;
}

beforeEach(async () => {
  await test.handle().db.delete(auditLog);
  await test.handle().db.delete(authUsers).where(eq(authUsers.email, dana.actor));
});

describe("saving a file's details against the version its form loaded", () => {
  it("refuses a save over a teammate's newer one and changes nothing; saving over it on purpose goes through", async () => {
    await test.handle().db.insert(authUsers).values({ name: "Dana Price", email: dana.actor });
    const entry = await image();
    const loaded = versionOf(entry);
    expect((await listMedia()).items.find((i) => i.id === entry.id)?.version).toBe(loaded);
    const theirs = await updateMediaDetails(entry.id, { altText: "A red square", title: "Red" }, dana, {
      base: loaded,
    });
    if (theirs.status !== "saved") throw new Error("Dana's save was refused");

    const mine = { altText: "Crimson tile on white", title: "Red" };
    const refused = await updateMediaDetails(entry.id, mine, who, { base: loaded });
    if (refused.status !== "conflict") throw new Error(`not a conflict: ${refused.status}`);
    expect(await conflictWith(refused.current)).toEqual({
      version: versionOf(theirs.row),
      savedBy: "Dana Price",
      theirs: expect.objectContaining({ altText: "A red square", title: "Red" }),
    });
    expect(await getMedia(entry.id)).toMatchObject({
      altText: "A red square",
      updatedAt: theirs.row.updatedAt,
    });
    expect(await audited("media.update")).toBe(1);

    const over = await updateMediaDetails(entry.id, mine, who, { base: versionOf(theirs.row) });
    expect(over).toMatchObject({ status: "saved", row: { altText: "Crimson tile on white" } });
    expect(await audited("media.update")).toBe(2);
  });

  it("lets the picker's alt text through without a version; a file deleted meanwhile is gone", async () => {
    const entry = await image();
    await updateMediaDetails(entry.id, { altText: "First", title: "One" }, who);
    expect(await updateMediaDetails(entry.id, { altText: "Second", title: "One" }, who)).toMatchObject({
      status: "saved",
      row: { altText: "Second" },
    });
    const loaded = versionOf((await getMedia(entry.id)) ?? entry);
    expect((await deleteMedia(entry.id, who)).status).toBe("deleted");
    expect(
      await updateMediaDetails(entry.id, { altText: "Third", title: "One" }, who, { base: loaded }),
    ).toEqual({
      status: "gone",
    });
  });

  it("lets one of two saves from the same version through, however they interleave", async () => {
    const entry = await image();
    const base = versionOf(entry);
    const outcomes = await Promise.all(
      ["One", "Two", "Three"].map((altText) =>
        updateMediaDetails(entry.id, { altText, title: "T" }, who, { base }),
      ),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(["conflict", "conflict", "saved"]);
  });
});
