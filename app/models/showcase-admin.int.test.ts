import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { socialLinks } from "~/db/schema";
import { setupTestDatabase } from "../../tests/support/test-db";
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
