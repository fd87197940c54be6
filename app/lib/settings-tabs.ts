// The tabs of /admin/settings that are saved one at a time (General, Social, SEO, Analytics, Chat): the settings
// each one shows, and each tab's values as a snapshot, the shape an edit conflict compares field by field
// (app/lib/edit-conflict.ts) and a revision keeps, and the fixed id its revisions are kept under. Two members saving
// different tabs never conflict; the analytics and pixel IDs show on both SEO and Analytics, so a change of them
// moves both tabs' versions (and gives both a revision). Browser-safe.
import { SETTINGS_TAB_FIELDS } from "./revision-fields";
import type { SettingKey, Settings } from "./settings";

export const SETTINGS_TABS = ["general", "social", "seo", "analytics", "chat"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const isSettingsTab = (value: unknown): value is SettingsTab =>
  (SETTINGS_TABS as readonly unknown[]).includes(value);

export const SETTINGS_TAB_LABELS: Record<SettingsTab, string> = {
  general: "General",
  social: "Social",
  seo: "SEO",
  analytics: "Analytics",
  chat: "Chat",
};

/**
 * The id each tab's revisions are kept under (content_revisions.item_id is a uuid, and a tab has no row of its own).
 * Fixed for good: changing one would orphan that tab's history. Random version-4 uuids, so no item ever has one.
 */
export const SETTINGS_TAB_IDS: Record<SettingsTab, string> = {
  general: "34fc25f2-ec42-4bfd-8621-948379f9ec21",
  social: "55a9c77e-6f30-4de7-8402-b9ada9395dcc",
  seo: "fd04b61d-f364-4285-bf69-0ff4e8f6d0a5",
  analytics: "b2dd91f3-1913-46a6-945e-12c169793163",
  chat: "3dbf4250-3e08-4d62-b963-fe999c97f467",
};

/** The settings a tab saves (none for Social, which saves the social links). */
export function tabKeys(tab: SettingsTab): SettingKey[] {
  return tab === "social" ? [] : SETTINGS_TAB_FIELDS[tab].map((f) => f.key as SettingKey);
}

/** The tabs that show any of these settings. */
export function tabsShowing(keys: readonly string[]): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => tabKeys(tab).some((key) => keys.includes(key)));
}

export interface SocialLinkValues {
  id: string;
  platform: string;
  url: string;
  isActive: boolean;
}

/** A tab's values as the conflict notice compares them, keyed by its fields. */
export function tabSnapshot(
  tab: SettingsTab,
  settings: Settings,
  links: readonly SocialLinkValues[],
): Record<string, unknown> {
  if (tab === "social") {
    return Object.fromEntries(
      links.flatMap((l) => [
        [`socialUrl.${l.id}`, l.url],
        [`socialActive.${l.id}`, l.isActive],
      ]),
    );
  }
  return Object.fromEntries(tabKeys(tab).map((key) => [key, settings[key]]));
}
