// Website settings (docs/product.md, Settings): the keys, their types and the defaults that stored rows are
// merged over.

import { SITE_HEAD_DEFAULTS } from "~/lib/site-defaults";

export const SETTING_DEFAULTS = {
  ...SITE_HEAD_DEFAULTS,
  ogImage: "",
  googleAnalyticsId: "",
  facebookPixelId: "",
  hotjarId: "",
  chatWidget: "",
  chatEnabled: false,
  contactEmail: "hello@asimov.example",
  contactPhone: "+1 (555) 010-2024",
  companyAddress: "100 Market Street, Suite 300, San Francisco, CA 94105",
  blogEnabled: true,
  contactFormEnabled: true,
  newsletterEnabled: true,
} as const;

type Defaults = typeof SETTING_DEFAULTS;
export type SettingKey = keyof Defaults;
export type Settings = { [K in SettingKey]: Defaults[K] extends boolean ? boolean : string };

export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];

export function settingType(key: SettingKey): "boolean" | "text" {
  return typeof SETTING_DEFAULTS[key] === "boolean" ? "boolean" : "text";
}

/** Booleans are stored as the text of the boolean ("true" / "false"). */
export function encodeSetting(key: SettingKey, value: string | boolean): string {
  return settingType(key) === "boolean" ? String(value === true || value === "true") : String(value);
}

/** Stored rows merged over the defaults; unknown keys are ignored. */
export function mergeSettings(rows: ReadonlyArray<{ settingKey: string; settingValue: string }>): Settings {
  const merged: Record<string, string | boolean> = { ...SETTING_DEFAULTS };
  for (const row of rows) {
    if (!(row.settingKey in SETTING_DEFAULTS)) continue;
    const key = row.settingKey as SettingKey;
    merged[key] = settingType(key) === "boolean" ? row.settingValue === "true" : row.settingValue;
  }
  return merged as Settings;
}
