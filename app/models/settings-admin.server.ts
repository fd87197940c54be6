// Saving website settings and social links (admin). Reads are in settings.server.ts. The save records its audit
// entry and bumps the content version itself, after the commit.
import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { socialLinks, websiteSettings } from "~/db/schema";
import { encodeSetting, mergeSettings, SETTING_KEYS, type Settings, settingType } from "~/lib/settings";
import { type AuditContext, publicContentChanged } from "~/models/audit.server";

export interface SocialLinkUpdate {
  id: string;
  url: string;
  isActive: boolean;
}

export interface SettingsChange {
  /** Only the keys whose value changed, before and after. */
  before: Partial<Settings>;
  after: Partial<Settings>;
  socialLinks: Array<{
    id: string;
    platform: string;
    before: { url: string; isActive: boolean };
    after: SocialLinkUpdate;
  }>;
}

/**
 * One upsert per setting keyed on setting_key (booleans stored as 'true'/'false'), and an update of url and
 * is_active per social link, all in one transaction. Returns what changed (the audit entry's details).
 */
export async function saveSettings(
  values: Settings,
  links: SocialLinkUpdate[],
  who: AuditContext,
): Promise<SettingsChange> {
  const change = await db().transaction(async (tx) => {
    const rows = await tx
      .select({ settingKey: websiteSettings.settingKey, settingValue: websiteSettings.settingValue })
      .from(websiteSettings);
    const previous = mergeSettings(rows);
    const change: SettingsChange = { before: {}, after: {}, socialLinks: [] };
    for (const key of SETTING_KEYS) {
      const value = encodeSetting(key, values[key]);
      await tx
        .insert(websiteSettings)
        .values({ settingKey: key, settingValue: value, settingType: settingType(key) })
        .onConflictDoUpdate({
          target: websiteSettings.settingKey,
          set: { settingValue: value, settingType: settingType(key), updatedAt: sql`now()` },
        });
      if (encodeSetting(key, previous[key]) !== value) {
        (change.before as Record<string, unknown>)[key] = previous[key];
        (change.after as Record<string, unknown>)[key] = values[key];
      }
    }
    for (const link of links) {
      const [old] = await tx.select().from(socialLinks).where(eq(socialLinks.id, link.id));
      if (!old) continue;
      if (old.url === link.url && old.isActive === link.isActive) continue;
      await tx
        .update(socialLinks)
        .set({ url: link.url, isActive: link.isActive })
        .where(eq(socialLinks.id, link.id));
      change.socialLinks.push({
        id: link.id,
        platform: old.platform,
        before: { url: old.url, isActive: old.isActive },
        after: link,
      });
    }
    return change;
  });
  await publicContentChanged(who, {
    action: "settings.save",
    entity: "settings",
    entityId: null,
    details: { before: change.before, after: change.after, socialLinks: change.socialLinks },
  });
  return change;
}
