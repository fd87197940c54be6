// The header menu and footer columns (app/lib/site-navigation.ts), stored as the `site_navigation` setting (JSON).
// Saving bumps the content version, so every cached page shows the new menu at the next request on every
// instance. A stored value that no longer fits the rules is read as the defaults, with a warning.
import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { websiteSettings } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { DEFAULT_NAVIGATION, type SiteNavigation } from "~/lib/site-navigation";
import { navigationSchema } from "~/lib/site-navigation-schema";
import { type AuditContext, publicContentChanged } from "~/models/audit.server";

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

/** Stores an already validated navigation, audits it and bumps the content version. */
export async function saveNavigation(nav: SiteNavigation, who: AuditContext): Promise<void> {
  const value = JSON.stringify(nav);
  await db()
    .insert(websiteSettings)
    .values({ settingKey: KEY, settingValue: value, settingType: "text" })
    .onConflictDoUpdate({
      target: websiteSettings.settingKey,
      set: { settingValue: value, updatedAt: sql`now()` },
    });
  await publicContentChanged(who, {
    action: "navigation.update",
    entity: "site_navigation",
    entityId: KEY,
    details: { ...nav },
  });
}
