// Website settings and social links.
import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { socialLinks, websiteSettings } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { mergeSettings, SETTING_DEFAULTS, type Settings } from "~/lib/settings";

/** The settings last read successfully: during a database outage pages keep the site's real contact details. */
let lastKnown: Settings | undefined;

/**
 * Stored settings merged over the defaults. A failure to load is only logged (docs/product.md, Outages); the
 * page then uses the settings last read, or the defaults when there are none yet.
 */
export async function getSettings(): Promise<Settings> {
  try {
    const rows = await db()
      .select({ settingKey: websiteSettings.settingKey, settingValue: websiteSettings.settingValue })
      .from(websiteSettings);
    lastKnown = mergeSettings(rows);
    return lastKnown;
  } catch (error) {
    logger.error({ err: error }, "failed to load settings");
    return lastKnown ?? mergeSettings([]);
  }
}

export type SocialLink = typeof socialLinks.$inferSelect;

export async function listSocialLinks({ activeOnly = false } = {}): Promise<SocialLink[]> {
  try {
    const query = db().select().from(socialLinks).orderBy(asc(socialLinks.displayOrder));
    return activeOnly ? await query.where(eq(socialLinks.isActive, true)) : await query;
  } catch (error) {
    logger.error({ err: error }, "failed to load social links");
    return [];
  }
}

export { SETTING_DEFAULTS };
