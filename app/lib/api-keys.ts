// The admin's API key rules, shared by the key form (browser) and the key model (server): the key format, the
// permissions a key may carry, how much of a key the list shows, and the create form's schema (docs/product.md,
// API keys).
import { z } from "zod";

/** Every content key starts with this, so a leaked key is recognisable (secret scanners, logs) as ours. */
export const API_KEY_PREFIX = "ak_content_";
/** Create, read and update the blog, the academy and pages; read the forms (docs/product.md, API keys). */
export const CONTENT_PERMISSION = "content_management";
/** Read the forms and send submissions to them, which become leads (docs/product.md, Content API). */
export const FORM_SUBMISSIONS_PERMISSION = "form_submissions";
/** What a key may carry, chosen when it is created; keys made before the choice existed keep what they have. */
export const API_KEY_PERMISSIONS = [CONTENT_PERMISSION, FORM_SUBMISSIONS_PERMISSION] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** How the create dialog offers each permission. */
export const PERMISSION_CHOICES: Record<ApiKeyPermission, { label: string; description: string }> = {
  content_management: {
    label: "Content management",
    description: "Create, read and update blog posts, academy items and pages; read the forms.",
  },
  form_submissions: {
    label: "Form submissions",
    description: "Read the forms and send submissions to them; each becomes a lead in the inbox.",
  },
};
/** How much of a key the list shows (docs/product.md, API keys): its first 12 and last 4 characters. */
export const KEY_VISIBLE_START = 12;
export const KEY_VISIBLE_END = 4;
export const KEY_NAME_MAX = 100;

export const createApiKeySchema = z.object({
  keyName: z
    .string({ error: "Please enter a key name" })
    .trim()
    .min(1, "Please enter a key name")
    .max(KEY_NAME_MAX, `Key names have at most ${KEY_NAME_MAX} characters`),
  permissions: z
    .array(z.enum(API_KEY_PERMISSIONS, { error: "Choose permissions from the list" }), {
      error: "Choose at least one permission",
    })
    .min(1, "Choose at least one permission")
    .transform((chosen) => API_KEY_PERMISSIONS.filter((p) => chosen.includes(p))),
});

/**
 * What the admin sees of a key: never the key itself, nor its hash. Dates are `Date` on the server and may arrive
 * as ISO text in the browser.
 */
export interface ApiKeySummary<When = Date> {
  id: string;
  keyName: string;
  keyStart: string;
  keyLast4: string;
  permissions: string[];
  isActive: boolean;
  lastUsedAt: When | null;
  createdAt: When;
}

/** The list's masked form: the stored start and end with the middle hidden. */
export function maskApiKey(start: string, last4: string): string {
  return `${start}${"•".repeat(8)}${last4}`;
}
