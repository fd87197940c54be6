// The header menu and footer columns (app/lib/site-navigation.ts), stored as the `site_navigation` setting (JSON).
// Saving bumps the content version, so every cached page shows the new menu at the next request on every
// instance, and carries the version its editor loaded (its stamp, edit-stamps.server.ts): a save against a newer
// one is refused. A stored value that no longer fits the rules is read as the defaults, with a warning.
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { websiteSettings } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import type { EditConflict, EditVersion } from "~/lib/edit-conflict";
import { navigationSnapshot } from "~/lib/navigation-conflict";
import { NAVIGATION_DOCUMENT } from "~/lib/realtime-protocol";
import { DEFAULT_NAVIGATION, type SiteNavigation } from "~/lib/site-navigation";
import { navigationSchema } from "~/lib/site-navigation-schema";
import { type AuditContext, publicContentChanged } from "~/models/audit.server";
import { conflictWith, type StaleEditError } from "~/models/edit-conflicts.server";
import { lockStamps, stampsOf } from "~/models/edit-stamps.server";
import { documentSaved } from "~/models/realtime-events.server";

const KEY = "site_navigation";

export async function getNavigation(): Promise<SiteNavigation> {
  try {
    const [row] = await db()
      .select({ value: websiteSettings.settingValue })
      .from(websiteSettings)
      .where(eq(websiteSettings.settingKey, KEY));
    if (!row) return DEFAULT_NAVIGATION;
    const parsed = navigationSchema.safeParse(JSON.parse(row.value));
    if (parsed.success) return parsed.data;
    logger.warn("stored site navigation no longer fits: the default menu is shown");
  } catch (error) {
    logger.error({ err: error }, "failed to load the site navigation");
  }
  return DEFAULT_NAVIGATION;
}

/** The navigation's version, as its editor loads it. */
export async function navigationVersion(): Promise<EditVersion> {
  return (await stampsOf([KEY]))[KEY];
}

/**
 * Stores an already validated navigation, audits it and bumps the content version. With `base`, the version its
 * editor loaded, a navigation saved since is not written over: StaleEditError, before anything is written. Returns
 * the version it stored.
 */
export async function saveNavigation(
  nav: SiteNavigation,
  who: AuditContext,
  base?: EditVersion,
): Promise<EditVersion> {
  const value = JSON.stringify(nav);
  const now = new Date();
  const version = await db().transaction(async (tx) => {
    const stamps = await lockStamps(tx, [KEY], { document: KEY, base });
    const [previous] = await tx
      .select({ value: websiteSettings.settingValue })
      .from(websiteSettings)
      .where(eq(websiteSettings.settingKey, KEY));
    await tx
      .insert(websiteSettings)
      .values({ settingKey: KEY, settingValue: value, settingType: "text", updatedAt: now })
      .onConflictDoUpdate({
        target: websiteSettings.settingKey,
        set: { settingValue: value, updatedAt: now },
      });
    if (previous?.value !== value) {
      await stamps.stamp([KEY], who, now);
      const saved = { id: NAVIGATION_DOCUMENT, updatedAt: now, updatedBy: null };
      await documentSaved(tx, "navigation", saved, who);
    }
    return stamps.versionOf(KEY);
  });
  await publicContentChanged(who, {
    action: "navigation.update",
    entity: "site_navigation",
    entityId: KEY,
    details: { ...nav },
  });
  return version;
}

/** What an editor whose save was refused is told: who saved the navigation, when, and how it is now. */
export async function navigationConflict(error: StaleEditError): Promise<EditConflict> {
  return { ...(await conflictWith(error.current)), theirs: navigationSnapshot(await getNavigation()) };
}
