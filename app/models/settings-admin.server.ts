// Saving website settings and social links (admin), one tab of the settings screen at a time, each tab with its own
// version (edit-stamps.server.ts): a save against a newer version of its tab is refused. Every tab a save changes
// gets a revision in the save's transaction (content-revisions.server.ts, under the tab's fixed id), and a revision
// of a tab can be restored. Reads are in settings.server.ts. The save records its audit entry and bumps the content
// version itself, after the commit.
import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { socialLinks, websiteSettings } from "~/db/schema";
import type { EditConflict, EditVersion } from "~/lib/edit-conflict";
import { snapshotText } from "~/lib/revision-fields";
import { encodeSetting, mergeSettings, SETTING_KEYS, type Settings, settingType } from "~/lib/settings";
import {
  SETTINGS_TAB_IDS,
  SETTINGS_TABS,
  type SettingsTab,
  type SocialLinkValues,
  tabKeys,
  tabSnapshot,
  tabsShowing,
} from "~/lib/settings-tabs";
import { type AuditContext, publicContentChanged } from "~/models/audit.server";
import { getRevision, recordRevision, withoutDeletedFiles } from "~/models/content-revisions.server";
import { conflictWith, type StaleEditError } from "~/models/edit-conflicts.server";
import { lockStamps, stampsOf } from "~/models/edit-stamps.server";
import { documentSaved } from "~/models/realtime-events.server";
import { getSettings, listSocialLinks } from "~/models/settings.server";
import type { ObjectStore } from "~/storage/object-store.server";

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

/** A save of one tab of the settings screen, with the version of that tab its form loaded. */
export interface TabSave {
  tab: SettingsTab;
  base?: EditVersion;
  /** A restore of this tab: the revision it brings back. */
  restoredFrom?: number;
}

/** A tab's values as its revisions keep them, under the tab's fixed id. */
const revisionOf = (tab: SettingsTab, settings: Settings, links: readonly SocialLinkValues[]) => ({
  id: SETTINGS_TAB_IDS[tab],
  ...tabSnapshot(tab, settings, links),
});

/**
 * One upsert per setting keyed on setting_key (booleans stored as 'true'/'false'), and an update of url and
 * is_active per changed social link, all in one transaction. With `edit`, only that tab's settings (the Social tab:
 * its links) are saved, and a save against a newer version of that tab is refused with StaleEditError before
 * anything is written; a save of another tab never is. Every tab whose values changed gets a new version and a
 * revision (a change of the analytics IDs moves SEO and Analytics). Returns what changed (the audit entry's
 * details) and the version of the tab saved.
 */
export async function saveSettings(
  values: Settings,
  links: SocialLinkUpdate[],
  who: AuditContext,
  edit?: TabSave,
): Promise<SettingsChange & { version?: EditVersion }> {
  const keys = edit ? tabKeys(edit.tab) : SETTING_KEYS;
  const withLinks = !edit || edit.tab === "social";
  const now = new Date();
  const { change, version } = await db().transaction(async (tx) => {
    const touched = [
      ...(edit ? [edit.tab] : []),
      ...tabsShowing(keys),
      ...(withLinks ? ["social" as const] : []),
    ];
    const stamps = await lockStamps(tx, touched, edit && { document: edit.tab, base: edit.base });
    const rows = await tx
      .select({ settingKey: websiteSettings.settingKey, settingValue: websiteSettings.settingValue })
      .from(websiteSettings);
    const previous = mergeSettings(rows);
    const saved: Settings = { ...previous };
    const oldLinks = await tx.select().from(socialLinks).orderBy(asc(socialLinks.displayOrder));
    const change: SettingsChange = { before: {}, after: {}, socialLinks: [] };
    for (const key of keys) {
      (saved as Record<string, unknown>)[key] = values[key];
      const value = encodeSetting(key, values[key]);
      await tx
        .insert(websiteSettings)
        .values({ settingKey: key, settingValue: value, settingType: settingType(key), updatedAt: now })
        .onConflictDoUpdate({
          target: websiteSettings.settingKey,
          set: { settingValue: value, settingType: settingType(key), updatedAt: now },
        });
      if (encodeSetting(key, previous[key]) !== value) {
        (change.before as Record<string, unknown>)[key] = previous[key];
        (change.after as Record<string, unknown>)[key] = values[key];
      }
    }
    for (const link of withLinks ? links : []) {
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
    const changedTabs = [
      ...tabsShowing(Object.keys(change.after)),
      ...(change.socialLinks.length > 0 ? ["social" as const] : []),
    ];
    await stamps.stamp(changedTabs, who, now);
    const newLinks = oldLinks.map((l) => {
      const changed = change.socialLinks.find((c) => c.id === l.id)?.after;
      return changed ? { ...l, url: changed.url, isActive: changed.isActive } : l;
    });
    for (const tab of new Set(changedTabs)) {
      const restore = tab === edit?.tab && edit.restoredFrom !== undefined;
      await recordRevision(tx, "settings", {
        before: revisionOf(tab, previous, oldLinks),
        after: revisionOf(tab, saved, newLinks),
        who,
        action: restore ? "restore" : "update",
        restoredFrom: restore ? edit?.restoredFrom : undefined,
      });
      // Whoever has a changed tab open hears of it at once (moved with the commit).
      await documentSaved(tx, "settings", { id: tab, updatedAt: now, updatedBy: null }, who);
    }
    return { change, version: edit && stamps.versionOf(edit.tab) };
  });
  const details = { before: change.before, after: change.after, socialLinks: change.socialLinks };
  await publicContentChanged(
    who,
    edit?.restoredFrom !== undefined
      ? {
          action: "settings.restore",
          entity: "settings",
          entityId: edit.tab,
          details: { ...details, tab: edit.tab, restoredFrom: edit.restoredFrom },
        }
      : { action: "settings.save", entity: "settings", entityId: edit?.tab ?? null, details },
  );
  return { ...change, version };
}

/**
 * Brings a tab's revision back through `saveSettings`, as a save of that tab (not checked against a version, like
 * every restore): its own revision ("restore"), audit entry (settings.restore), version and realtime notice. An
 * Open Graph image deleted from the media library since is not brought back: it is left empty and named in
 * `cleared`. Undefined when the revision is not the tab's (or was pruned).
 */
export async function restoreSettingsRevision(
  tab: SettingsTab,
  revisionId: number,
  who: AuditContext,
  store?: ObjectStore,
): Promise<{ version?: EditVersion; cleared: string[] } | undefined> {
  const revision = await getRevision("settings", SETTINGS_TAB_IDS[tab], revisionId);
  if (!revision) return undefined;
  const { snapshot, cleared } = await withoutDeletedFiles("settings", revision.snapshot, store);
  const [settings, links] = await Promise.all([getSettings(), listSocialLinks()]);
  const values: Record<string, unknown> = { ...settings };
  for (const key of tabKeys(tab)) {
    if (!(key in snapshot)) continue;
    values[key] = settingType(key) === "boolean" ? snapshot[key] === true : snapshotText(snapshot[key]);
  }
  const restoredLinks = links.map((l) => {
    const url = snapshot[`socialUrl.${l.id}`];
    const active = snapshot[`socialActive.${l.id}`];
    return {
      id: l.id,
      url: typeof url === "string" ? url : l.url,
      isActive: typeof active === "boolean" ? active : l.isActive,
    };
  });
  const { version } = await saveSettings(values as Settings, restoredLinks, who, {
    tab,
    restoredFrom: revision.id,
  });
  return { version, cleared };
}

/** The version of each tab of the settings screen, as its form loads it. */
export function settingsVersions(): Promise<Record<SettingsTab, EditVersion>> {
  return stampsOf(SETTINGS_TABS);
}

/** What a member whose save of `tab` was refused is told: who saved the tab, when, and its values now. */
export async function settingsConflict(tab: SettingsTab, error: StaleEditError): Promise<EditConflict> {
  const [settings, links] = await Promise.all([getSettings(), listSocialLinks()]);
  return { ...(await conflictWith(error.current)), theirs: tabSnapshot(tab, settings, links) };
}
