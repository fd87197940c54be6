// Content API keys (asimov_api_keys). Keys are generated here from a CSPRNG, shown in full exactly once (the
// create call returns the plaintext) and stored only as a SHA-256 hash plus the start and last four characters the
// masked list needs. See docs/decisions/007-hashed-api-keys.md.
import { createHash, randomBytes } from "node:crypto";
import { count, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { apiKeys } from "~/db/schema";
import {
  apiKeysChanged,
  apiKeysVersionKnown,
  apiKeysVersionNow,
  VersionedCache,
} from "~/infra/content-version.server";
import { hitRateLimit, rateLimitRetryAfter } from "~/infra/rate-limit.server";
import { clientKey } from "~/infra/request-context.server";
import {
  API_KEY_PREFIX,
  type ApiKeyPermission,
  type ApiKeySummary,
  CONTENT_PERMISSION,
  KEY_VISIBLE_END,
  KEY_VISIBLE_START,
} from "~/lib/api-keys";
import { type AuditContext, auditAs } from "~/models/audit.server";

/** 32 random bytes (256 bits) as base64url: 43 characters after the prefix. */
const SECRET_BYTES = 32;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

export type { ApiKeySummary };

const summaryColumns = {
  id: apiKeys.id,
  keyName: apiKeys.keyName,
  keyStart: apiKeys.keyPrefix,
  keyLast4: apiKeys.keyLast4,
  permissions: apiKeys.permissions,
  isActive: apiKeys.isActive,
  lastUsedAt: apiKeys.lastUsedAt,
  createdAt: apiKeys.createdAt,
};

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString("base64url")}`;
}

/**
 * The stored fingerprint of a key. A plain SHA-256 is enough because keys carry 256 random bits: there is no
 * dictionary to try, so a slow password hash would only slow every API call down (ADR 007).
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Newest first (docs/product.md, API keys). */
export async function listApiKeys(): Promise<ApiKeySummary[]> {
  return db().select(summaryColumns).from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function apiKeyTotals(): Promise<{ total: number; active: number; used: number }> {
  const [row] = await db()
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${apiKeys.isActive})`,
      used: sql<number>`count(*) filter (where ${apiKeys.lastUsedAt} is not null)`,
    })
    .from(apiKeys);
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0), used: Number(row?.used ?? 0) };
}

/** The audit entry of a key change: its name and visible start, never the key. */
const auditKey = (
  who: AuditContext,
  action: string,
  key: ApiKeySummary,
  details: Record<string, unknown> = {},
) =>
  auditAs(who, {
    action,
    entity: "api_key",
    entityId: key.id,
    details: { keyName: key.keyName, keyStart: key.keyStart, ...details },
  });

/**
 * Creates an active key with the permissions chosen (content_management unless told); the plaintext is returned
 * once and never kept.
 */
export async function createApiKey(
  keyName: string,
  who: AuditContext,
  permissions: readonly ApiKeyPermission[] = [CONTENT_PERMISSION],
): Promise<{ key: ApiKeySummary; plaintext: string }> {
  const plaintext = generateApiKey();
  const [key] = await db()
    .insert(apiKeys)
    .values({
      keyName,
      keyHash: hashApiKey(plaintext),
      keyPrefix: plaintext.slice(0, KEY_VISIBLE_START),
      keyLast4: plaintext.slice(-KEY_VISIBLE_END),
      permissions: [...permissions],
      isActive: true,
    })
    .returning(summaryColumns);
  if (!key) throw new Error("API key insert returned no row");
  await auditKey(who, "api_key.create", key, { permissions: key.permissions });
  return { key, plaintext };
}

/** Turns a key on or off; undefined when it no longer exists. Checked on every request, so it applies at once. */
export async function setApiKeyActive(
  id: string,
  isActive: boolean,
  who: AuditContext,
): Promise<ApiKeySummary | undefined> {
  const [key] = await db()
    .update(apiKeys)
    .set({ isActive })
    .where(eq(apiKeys.id, id))
    .returning(summaryColumns);
  if (key) {
    await apiKeysChanged();
    await auditKey(who, key.isActive ? "api_key.activate" : "api_key.deactivate", key);
  }
  return key;
}

export async function deleteApiKey(id: string, who: AuditContext): Promise<ApiKeySummary | undefined> {
  const [key] = await db().delete(apiKeys).where(eq(apiKeys.id, id)).returning(summaryColumns);
  if (key) {
    await apiKeysChanged();
    await auditKey(who, "api_key.delete", key);
  }
  return key;
}

export type ApiKeyCheck =
  | { ok: true; key: ApiKeySummary }
  | { ok: false; status: 401 | 403; message: string; key?: ApiKeySummary }
  | { ok: false; status: 429; message: string; retryAfter: number };

/**
 * Failed key attempts (malformed or unknown keys) allowed per client address and window. Guessing a 256-bit key
 * is hopeless anyway; the limit keeps a client that tries from costing a database lookup per attempt.
 */
export const FAILED_KEY_LIMIT = { max: 20, windowSeconds: 10 * 60 } as const;

/** Counted per client address (an IPv6 client per /64, like every per-address limit). */
const failedKeyCounter = (address: string) => `content-api-failed-key:${clientKey(address)}`;

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Keys found by their hash, remembered while no key has been turned off or deleted (apiKeysChanged bumps the
 * version, and other instances read it on their next request). Unknown keys are never remembered.
 */
const knownKeys = new VersionedCache<ApiKeySummary>(1000);

/**
 * The key `presented` stands for, when that is known without a query: already verified at the current keys
 * version (known in memory), active, with `permission`, and its last-used stamp not due. Otherwise undefined, and
 * authenticateApiKey decides (the same answer, with the lookups and the stamp it needs).
 */
export function verifiedKeyNow(presented: string, permission: string): ApiKeySummary | undefined {
  const version = apiKeysVersionKnown();
  if (version === undefined) return undefined;
  const key = knownKeys.get(hashApiKey(presented.trim()), version);
  if (!key?.isActive || !key.permissions.includes(permission) || !key.lastUsedAt) return undefined;
  return Date.now() - key.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS ? key : undefined;
}

/**
 * Resolves a presented key. Missing, malformed or unknown: 401. Deactivated or without the permission (one of them,
 * when several would do): 403.
 * A valid key has last_used_at stamped (to the minute). Turning a key off or deleting it bumps the keys version,
 * so the very next request looks the key up again and is refused.
 *
 * With `clientAddress`, malformed and unknown keys count against FAILED_KEY_LIMIT for that address; past it,
 * keys that would need a lookup are refused with 429 before any lookup. Keys already verified (in memory) are
 * not held up, so a busy client behind a shared address keeps working and the usual path costs no extra read.
 */
export async function authenticateApiKey(
  presented: string | null,
  permission: string | readonly string[],
  clientAddress?: string,
): Promise<ApiKeyCheck> {
  const candidate = presented?.trim() ?? "";
  if (!candidate)
    return { ok: false, status: 401, message: "Missing API key: send it in the x-api-key header." };
  const hash = hashApiKey(candidate);
  const version = await apiKeysVersionNow();
  let key = knownKeys.get(hash, version);
  if (!key && clientAddress) {
    const retryAfter = await rateLimitRetryAfter(failedKeyCounter(clientAddress), FAILED_KEY_LIMIT.max);
    if (retryAfter > 0) {
      return {
        ok: false,
        status: 429,
        message: "Too many failed API key attempts from this address. Try again later.",
        retryAfter,
      };
    }
  }
  if (!key && KEY_PATTERN.test(candidate)) {
    [key] = await db().select(summaryColumns).from(apiKeys).where(eq(apiKeys.keyHash, hash)).limit(1);
    if (key) knownKeys.set(hash, version, key);
  }
  if (!key) {
    if (clientAddress) {
      await hitRateLimit(
        failedKeyCounter(clientAddress),
        FAILED_KEY_LIMIT.max,
        FAILED_KEY_LIMIT.windowSeconds,
      );
    }
    return { ok: false, status: 401, message: "Invalid API key." };
  }
  if (!key.isActive) return { ok: false, status: 403, message: "This API key is deactivated.", key };
  const wanted = typeof permission === "string" ? [permission] : permission;
  const held = key.permissions;
  if (!wanted.some((p) => held.includes(p))) {
    const named = wanted.join(" or ");
    return { ok: false, status: 403, message: `This API key lacks the ${named} permission.`, key };
  }
  // "Last used" is shown to the minute: stamping it at most once a minute spares a write on almost every call.
  if (key.lastUsedAt && Date.now() - key.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS)
    return { ok: true, key };
  const [stamped] = await db()
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(eq(apiKeys.id, key.id))
    .returning(summaryColumns);
  if (stamped) knownKeys.set(hash, version, stamped);
  return { ok: true, key: stamped ?? key };
}
