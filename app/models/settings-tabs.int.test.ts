// The settings screen's tabs, each saved on its own with the version it loaded: a save against a newer version of
// its tab is refused and changes nothing (no setting, no audit entry, no content version); saves of different tabs
// by two members never conflict; "Save mine over theirs" is a normal save. The analytics IDs, shown on SEO and
// Analytics, move both tabs' versions.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, socialLinks } from "~/db/schema";
import { currentContentVersion } from "~/infra/content-version.server";
import { addMember, memberContext } from "../../tests/support/members";
import { setupTestDatabase } from "../../tests/support/test-db";
import { StaleEditError } from "./edit-conflicts.server";
import { getSettings, listSocialLinks } from "./settings.server";
import { saveSettings, settingsConflict, settingsVersions } from "./settings-admin.server";

const test = setupTestDatabase();

async function team() {
  const database = test.handle().db;
  const stamp = Date.now().toString(36);
  const dana = await addMember(database, {
    name: "Dana Price",
    email: `dana-${stamp}@example.com`,
    role: "administrator",
  });
  const sam = await addMember(database, {
    name: "Sam Lee",
    email: `sam-${stamp}@example.com`,
    role: "administrator",
  });
  return { dana: memberContext(dana), sam: memberContext(sam) };
}

const audits = async () =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, "settings.save")))[0]?.n;

describe("settings tabs", () => {
  it("two saves of one tab from the same version at once, its first: one is saved, the other refused", async () => {
    const { dana, sam } = await team();
    const loaded = await settingsVersions();
    const settings = await getSettings();
    const results = await Promise.allSettled(
      [dana, sam].map((who) =>
        saveSettings({ ...settings, companyAddress: `${who.actor}'s office` }, [], who, {
          tab: "general",
          base: loaded.general,
        }),
      ),
    );
    const saved = results.filter((r) => r.status === "fulfilled");
    expect(saved).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")?.reason).toBeInstanceOf(StaleEditError);
    expect((await settingsVersions()).general).toBe(saved[0]?.value.version);
  });

  it("refuses a save of a tab saved since it was loaded, changing nothing; another tab's save goes through", async () => {
    const { dana, sam } = await team();
    const loaded = await settingsVersions();
    const settings = await getSettings();
    const danas = await saveSettings({ ...settings, contactPhone: "+1 555 0101" }, [], dana, {
      tab: "general",
      base: loaded.general,
    });
    expect(danas.version).not.toBe(loaded.general);
    expect((await settingsVersions()).general).toBe(danas.version);

    // Sam loaded the page before Dana's save: his SEO tab is still current, his General tab is not.
    const seo = await saveSettings({ ...settings, siteTitle: "Sam's title" }, [], sam, {
      tab: "seo",
      base: loaded.seo,
    });
    expect(seo.after).toEqual({ siteTitle: "Sam's title" });
    expect((await getSettings()).contactPhone).toBe("+1 555 0101");

    const before = {
      settings: await getSettings(),
      version: await currentContentVersion(),
      audits: await audits(),
    };
    const refused = await saveSettings(
      { ...settings, contactPhone: "+1 555 0202", blogEnabled: false },
      [],
      sam,
      {
        tab: "general",
        base: loaded.general,
      },
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StaleEditError);
    expect(await getSettings()).toEqual(before.settings);
    expect(await currentContentVersion()).toBe(before.version);
    expect(await audits()).toBe(before.audits);
    expect((await settingsVersions()).general).toBe(danas.version);

    const conflict = await settingsConflict("general", refused as StaleEditError);
    expect(conflict).toEqual({
      version: danas.version,
      savedBy: "Dana Price",
      theirs: {
        contactEmail: settings.contactEmail,
        contactPhone: "+1 555 0101",
        companyAddress: settings.companyAddress,
        blogEnabled: settings.blogEnabled,
        contactFormEnabled: settings.contactFormEnabled,
        newsletterEnabled: settings.newsletterEnabled,
      },
    });

    // "Save mine over theirs": a normal save carrying their version, audited like any other.
    const over = await saveSettings({ ...settings, contactPhone: "+1 555 0202" }, [], sam, {
      tab: "general",
      base: conflict.version,
    });
    expect(over.after).toEqual({ contactPhone: "+1 555 0202" });
    expect((await getSettings()).contactPhone).toBe("+1 555 0202");
    expect(await audits()).toBe(Number(before.audits) + 1);
    expect((await settingsVersions()).general).toBe(over.version);
  });

  it("a save writes only its tab's settings, and one that changes nothing keeps the tab's version", async () => {
    const { dana } = await team();
    const loaded = await settingsVersions();
    const settings = await getSettings();
    // The chat tab's form never sends the site title: a stale value in `values` is not written from it.
    const chat = await saveSettings(
      { ...settings, chatEnabled: true, siteTitle: "Not from chat" },
      [],
      dana,
      {
        tab: "chat",
        base: loaded.chat,
      },
    );
    expect(chat.after).toEqual({ chatEnabled: true });
    expect((await getSettings()).siteTitle).toBe(settings.siteTitle);
    const again = await saveSettings({ ...(await getSettings()) }, [], dana, {
      tab: "chat",
      base: chat.version,
    });
    expect(again.version).toBe(chat.version);
  });

  it("the analytics IDs move the SEO and Analytics tabs both", async () => {
    const { dana, sam } = await team();
    const loaded = await settingsVersions();
    const settings = await getSettings();
    await saveSettings({ ...settings, googleAnalyticsId: "G-DANA" }, [], dana, {
      tab: "analytics",
      base: loaded.analytics,
    });
    const now = await settingsVersions();
    expect(now.seo).not.toBe(loaded.seo);
    expect(now.general).toBe(loaded.general);
    await expect(
      saveSettings({ ...settings, siteTitle: "Sam's" }, [], sam, { tab: "seo", base: loaded.seo }),
    ).rejects.toBeInstanceOf(StaleEditError);
    // A change of Hotjar, shown on Analytics only, leaves SEO alone.
    await saveSettings({ ...(await getSettings()), hotjarId: "123" }, [], dana, {
      tab: "analytics",
      base: now.analytics,
    });
    expect((await settingsVersions()).seo).toBe(now.seo);
  });

  it("the Social tab saves the links, with its own version", async () => {
    const { dana, sam } = await team();
    const [link] = await db()
      .insert(socialLinks)
      .values({ platform: `mastodon-${Date.now()}`, url: "", displayOrder: 9 })
      .returning();
    if (!link) throw new Error("no link");
    const loaded = await settingsVersions();
    const settings = await getSettings();
    const danas = await saveSettings(
      settings,
      [{ id: link.id, url: "https://social.example/dana", isActive: true }],
      dana,
      {
        tab: "social",
        base: loaded.social,
      },
    );
    expect(danas.socialLinks).toHaveLength(1);
    // Saving General does not touch the links, even when the form's links would differ.
    await saveSettings(
      settings,
      [{ id: link.id, url: "https://social.example/other", isActive: false }],
      sam,
      {
        tab: "general",
        base: loaded.general,
      },
    );
    const refused = await saveSettings(
      settings,
      [{ id: link.id, url: "https://social.example/sam", isActive: true }],
      sam,
      { tab: "social", base: loaded.social },
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StaleEditError);
    const stored = (await listSocialLinks()).find((l) => l.id === link.id);
    expect(stored).toMatchObject({ url: "https://social.example/dana", isActive: true });
    const conflict = await settingsConflict("social", refused as StaleEditError);
    expect(conflict.theirs).toMatchObject({
      [`socialUrl.${link.id}`]: "https://social.example/dana",
      [`socialActive.${link.id}`]: true,
    });
  });
});
