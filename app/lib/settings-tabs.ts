// The tabs of /admin/settings that are saved one at a time (General, Social, SEO, Analytics, Chat): the settings
// each one shows, and each tab's values as a snapshot, the shape an edit conflict compares field by field
// (app/lib/edit-conflict.ts). Two members saving different tabs never conflict; the analytics and pixel IDs show on
// both SEO and Analytics, so a change of them moves both tabs' versions. Browser-safe.
import type { RevisionField } from "./revision-fields";
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

const text = (key: string, label: string): RevisionField => ({ key, label, shape: "text" });
const flag = (key: string, label: string): RevisionField => ({ key, label, shape: "flag" });

/** Each tab's settings, in form order, with the labels the form shows (the social links are the Social tab's). */
export const SETTINGS_TAB_FIELDS: Record<Exclude<SettingsTab, "social">, readonly RevisionField[]> = {
  general: [
    text("contactEmail", "Contact email"),
    text("contactPhone", "Phone"),
    text("companyAddress", "Company address"),
    flag("blogEnabled", "Blog"),
    flag("contactFormEnabled", "Contact form"),
    flag("newsletterEnabled", "Newsletter"),
  ],
  seo: [
    text("siteTitle", "Site title"),
    text("siteDescription", "Meta description"),
    text("metaKeywords", "Meta keywords"),
    text("ogImage", "Open Graph image URL"),
    text("googleAnalyticsId", "Analytics ID"),
    text("facebookPixelId", "Pixel ID"),
  ],
  analytics: [
    text("googleAnalyticsId", "Google Analytics ID"),
    text("facebookPixelId", "Meta pixel ID"),
    text("hotjarId", "Hotjar site ID"),
  ],
  chat: [flag("chatEnabled", "Enable chat widget"), text("chatWidget", "Chat widget embed code")],
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

/** The Social tab's fields: each platform's URL and its Active switch. */
export function socialFields(links: readonly Pick<SocialLinkValues, "id" | "platform">[]): RevisionField[] {
  return links.flatMap((l) => [
    text(`socialUrl.${l.id}`, `${l.platform} URL`),
    flag(`socialActive.${l.id}`, `${l.platform} active`),
  ]);
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
