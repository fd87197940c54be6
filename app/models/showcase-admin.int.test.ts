import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, authUsers, socialLinks } from "~/db/schema";
import { currentContentVersion } from "~/infra/content-version.server";
import { setupTestDatabase } from "../../tests/support/test-db";
import { conflictWith, versionOf } from "./edit-conflicts.server";
import { getSettings, listSocialLinks } from "./settings.server";
import { saveSettings } from "./settings-admin.server";
import {
  addShowcaseItem,
  deleteShowcaseItem,
  listAllShowcase,
  moveShowcaseItem,
  parseDisplayOrder,
  setShowcaseActive,
  setShowcaseOrder,
  updateShowcaseItem,
} from "./showcase-admin.server";

setupTestDatabase();
const who = { actor: "model-test@example.com" };

describe("showcase media (admin)", () => {
  it("starts new items active at order 1, then one above the maximum", async () => {
    const a = await addShowcaseItem(
      { title: "A", mediaUrl: "https://x.example/a.jpg", mediaType: "image" },
      who,
    );
    expect(a).toMatchObject({ isActive: true, displayOrder: 1 });
    await setShowcaseOrder(a.id, 7, who);
    const b = await addShowcaseItem(
      { title: "B", mediaUrl: "https://x.example/b.mp4", mediaType: "video" },
      who,
    );
    expect(b.displayOrder).toBe(8);
  });

  it("parses the order input: minimum 0, non-numeric 0", () => {
    expect(parseDisplayOrder("3")).toBe(3);
    expect(parseDisplayOrder("abc")).toBe(0);
    expect(parseDisplayOrder("")).toBe(0);
    expect(parseDisplayOrder("-4")).toBe(0);
  });

  it("moves items up and down and renumbers, toggles and deletes", async () => {
    const c = await addShowcaseItem(
      { title: "C", mediaUrl: "/uploads/images/c.jpg", mediaType: "image" },
      who,
    );
    expect(await moveShowcaseItem(c.id, "up", who)).toBe(true);
    expect((await listAllShowcase()).map((i) => [i.title, i.displayOrder])).toEqual([
      ["A", 1],
      ["C", 2],
      ["B", 3],
    ]);
    expect(await moveShowcaseItem("00000000-0000-0000-0000-000000000000", "up", who)).toBe(false);
    expect((await setShowcaseActive(c.id, false, who))?.isActive).toBe(false);
    expect((await deleteShowcaseItem(c.id, who))?.title).toBe("C");
    expect(await deleteShowcaseItem(c.id, who)).toBeUndefined();
  });
});

describe("settings save", () => {
  it("upserts every key, stores booleans as text, updates social links and reports the change", async () => {
    const [link] = await db()
      .insert(socialLinks)
      .values({ platform: "LinkedIn", url: "", displayOrder: 1 })
      .returning();
    const before = await getSettings();
    const change = await saveSettings(
      { ...before, siteTitle: "New Title", chatEnabled: true, chatWidget: "<script></script>" },
      [{ id: link?.id ?? "", url: "https://linkedin.example/acme", isActive: false }],
      who,
    );
    expect(change.before).toEqual({ siteTitle: before.siteTitle, chatEnabled: false, chatWidget: "" });
    expect(change.after).toEqual({
      siteTitle: "New Title",
      chatEnabled: true,
      chatWidget: "<script></script>",
    });
    const after = await getSettings();
    expect(after).toMatchObject({ siteTitle: "New Title", chatEnabled: true });
    const rows = await db().query.websiteSettings.findMany();
    expect(rows.find((r) => r.settingKey === "chatEnabled")).toMatchObject({
      settingValue: "true",
      settingType: "boolean",
    });
    // Every setting, besides the versions of the settings tabs the save changed (edit-stamps.server.ts).
    expect(rows.filter((r) => !r.settingKey.startsWith("edit_stamp:"))).toHaveLength(15);
    expect((await listSocialLinks())[0]).toMatchObject({
      url: "https://linkedin.example/acme",
      isActive: false,
    });
    const again = await saveSettings(after, [], who);
    expect(again.before).toEqual({});
  });
});

describe("editing an item against the version its form loaded", () => {
  const dana = { actor: "dana@example.com", ip: "127.0.0.1", userAgent: "vitest" };
  const edit = (title: string) => ({
    title,
    mediaUrl: "https://x.example/e.jpg",
    mediaType: "image" as const,
  });
  const audited = async (action: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.action, action))).length;

  it("refuses a save over a teammate's newer one and changes nothing; saving over it on purpose is a normal save", async () => {
    await db().insert(authUsers).values({ name: "Dana Price", email: dana.actor });
    const item = await addShowcaseItem(edit("Shared"), who);
    const loaded = versionOf(item);
    const theirs = await updateShowcaseItem(item.id, { ...edit("Dana's title"), description: "Hers" }, dana, {
      base: loaded,
    });
    if (theirs.status !== "saved") throw new Error("Dana's save was refused");
    const version = await currentContentVersion();

    const refused = await updateShowcaseItem(item.id, edit("Mine"), who, { base: loaded });
    if (refused.status !== "conflict") throw new Error(`not a conflict: ${refused.status}`);
    expect(await conflictWith(refused.current)).toEqual({
      version: versionOf(theirs.row),
      savedBy: "Dana Price",
      theirs: expect.objectContaining({ title: "Dana's title", description: "Hers" }),
    });
    const [stored] = (await listAllShowcase()).filter((i) => i.id === item.id);
    expect(stored).toMatchObject({
      title: "Dana's title",
      description: "Hers",
      version: versionOf(theirs.row),
    });
    expect(await currentContentVersion()).toBe(version);
    expect(await audited("showcase.update")).toBe(1);

    const over = await updateShowcaseItem(item.id, edit("Mine"), who, { base: versionOf(theirs.row) });
    expect(over).toMatchObject({ status: "saved", row: { title: "Mine", description: null } });
    expect(await currentContentVersion()).toBeGreaterThan(version);
    expect(await audited("showcase.update")).toBe(2);
  });

  it("keeps its version through the switch and the order; an item deleted meanwhile is gone, not an error", async () => {
    const item = await addShowcaseItem(edit("Ordered"), who);
    const loaded = versionOf(item);
    await setShowcaseActive(item.id, false, who);
    await setShowcaseOrder(item.id, 40, who);
    await moveShowcaseItem(item.id, "up", who);
    const saved = await updateShowcaseItem(item.id, edit("Renamed"), who, { base: loaded });
    expect(saved).toMatchObject({ status: "saved", row: { title: "Renamed", isActive: false } });
    await deleteShowcaseItem(item.id, who);
    expect(await updateShowcaseItem(item.id, edit("Too late"), who, { base: loaded })).toEqual({
      status: "gone",
    });
  });

  it("lets one of two saves from the same version through, however they interleave", async () => {
    const item = await addShowcaseItem(edit("Raced"), who);
    const base = versionOf(item);
    const outcomes = await Promise.all(
      ["One", "Two", "Three"].map((title) => updateShowcaseItem(item.id, edit(title), who, { base })),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(["conflict", "conflict", "saved"]);
  });
});
