// The Captcha tab of Integrations: which provider, its site key (public: it goes into the pages that show the
// check) and its secret key (kept on the server, encrypted; empty keeps the saved one). Keys are the provider's
// strings of letters, digits and a few marks, never spaces; the site key ends up in pages' HTML.
import { z } from "zod";
import { CAPTCHA_PROVIDERS, type CaptchaProvider } from "./form-builder/captcha";

/** The form's fields. */
export const CAPTCHA_FIELDS = { provider: "provider", siteKey: "site_key", secret: "secret_key" } as const;

const KEY_PATTERN = /^[A-Za-z0-9_.-]+$/;

const key = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${what} under ${max + 1} characters.`)
    .refine(
      (v) => v === "" || KEY_PATTERN.test(v),
      `Paste the ${what} as the provider shows it, without spaces.`,
    );

export const captchaSettingsSchema = z
  .object({
    provider: z.enum(["none", ...CAPTCHA_PROVIDERS], { error: "Choose a provider, or none." }),
    site_key: key(200, "site key"),
    secret_key: key(500, "secret key"),
  })
  .refine((v) => v.provider === "none" || v.site_key !== "", {
    message: "Paste the site key from the provider's dashboard.",
    path: ["site_key"],
  })
  .transform((v) => ({
    provider: v.provider === "none" ? null : (v.provider as CaptchaProvider),
    siteKey: v.provider === "none" ? "" : v.site_key,
    secret: v.provider === "none" ? "" : v.secret_key,
  }));

/** Said at the secret key when a provider is chosen (or changed) without one. */
export const SECRET_NEEDED = "Paste the secret key from the provider's dashboard.";
