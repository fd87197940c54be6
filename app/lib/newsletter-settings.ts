// The newsletter's own settings, stored as website_settings rows beside the site's (the Settings screen neither
// shows nor saves them; the Newsletters screen does). Booleans as "true" / "false", like every other setting.

export const NEWSLETTER_SETTING_DEFAULTS = {
  /** Double opt-in: a sign-up is pending until its confirmation link is followed (needs SMTP_URL). */
  newsletterDoubleOptIn: true,
  /** Links in newsletters go through a redirect on our domain that counts the click. */
  newsletterClickTracking: true,
  /** A one-pixel image that counts opens: unreliable and intrusive, so off unless the site turns it on. */
  newsletterOpenTracking: false,
} as const;

export type NewsletterSettingKey = keyof typeof NEWSLETTER_SETTING_DEFAULTS;
export type NewsletterSettings = Record<NewsletterSettingKey, boolean>;
export const NEWSLETTER_SETTING_KEYS = Object.keys(NEWSLETTER_SETTING_DEFAULTS) as NewsletterSettingKey[];

export function mergeNewsletterSettings(
  rows: ReadonlyArray<{ settingKey: string; settingValue: string }>,
): NewsletterSettings {
  const merged: NewsletterSettings = { ...NEWSLETTER_SETTING_DEFAULTS };
  for (const row of rows) {
    if (row.settingKey in NEWSLETTER_SETTING_DEFAULTS) {
      merged[row.settingKey as NewsletterSettingKey] = row.settingValue === "true";
    }
  }
  return merged;
}
