// The admin's API key rules, shared by the key form (browser) and the key model (server): the key format, how
// much of a key the list shows, and the create form's schema (docs/product.md, API keys).
import { z } from "zod";

/** Every content key starts with this, so a leaked key is recognisable (secret scanners, logs) as ours. */
export const API_KEY_PREFIX = "ak_content_";
/** The only permission there is; new keys get exactly this list (docs/product.md, API keys). */
export const CONTENT_PERMISSION = "content_management";
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
