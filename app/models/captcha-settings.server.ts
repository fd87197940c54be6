// The captcha built forms may ask for (Integrations → Captcha): which provider, its public site key and its secret
// key, one JSON value in app_meta. The secret is stored encrypted like the webhook signing secrets (secret-box,
// ADR 029) and never leaves the server: the screen learns only whether one is saved. A form's captcha is used only
// while both keys are saved (docs/decisions/059-captcha-on-forms.md).
import { and, eq } from "drizzle-orm";
import { atRestKey } from "~/auth/auth-secret.server";
import { db } from "~/db/client.server";
import { appMeta } from "~/db/schema";
import { type CaptchaVerdict, verifyCaptchaToken } from "~/infra/captcha-verify.server";
import { logger } from "~/infra/logger.server";
import { isSealed, seal, secretsKey, UnreadableSecret, unseal } from "~/infra/secret-box.server";
import {
  CAPTCHA_PROVIDER_FACTS,
  type CaptchaProvider,
  isCaptchaProvider,
  type PublicCaptcha,
} from "~/lib/form-builder/captcha";
import { type AuditContext, publicContentChanged } from "~/models/audit.server";

const KEY = "captcha";

interface Stored {
  provider: CaptchaProvider;
  siteKey: string;
  /** Sealed ("enc:v1:…"). */
  secret: string;
}

/** What the Integrations screen shows: never the secret, only whether one is saved and can be read. */
export interface CaptchaSettingsView {
  provider: CaptchaProvider | null;
  siteKey: string;
  secretSaved: boolean;
  /** A saved secret this AUTH_SECRET cannot decrypt (it was changed without `rotate-secrets`). */
  secretUnreadable: boolean;
}

async function readStored(): Promise<Stored | undefined> {
  const [row] = await db().select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  if (!row) return undefined;
  try {
    const value = JSON.parse(row.value) as Partial<Stored>;
    if (!isCaptchaProvider(value.provider) || typeof value.siteKey !== "string") return undefined;
    if (typeof value.secret !== "string" || !value.siteKey || !value.secret) return undefined;
    return { provider: value.provider, siteKey: value.siteKey, secret: value.secret };
  } catch {
    return undefined;
  }
}

/** The stored secret in clear; undefined when this AUTH_SECRET cannot open it (logged). */
async function openSecret(stored: Stored): Promise<string | undefined> {
  try {
    return unseal(stored.secret, await atRestKey());
  } catch (error) {
    if (!(error instanceof UnreadableSecret)) throw error;
    logger.error(
      "the captcha secret key cannot be decrypted with this AUTH_SECRET: run `npm run admin -- rotate-secrets " +
        "--old-secret <previous AUTH_SECRET>`, or enter the secret key again under Integrations → Captcha",
    );
    return undefined;
  }
}

export async function getCaptchaSettings(): Promise<CaptchaSettingsView> {
  const stored = await readStored();
  if (!stored) return { provider: null, siteKey: "", secretSaved: false, secretUnreadable: false };
  const unreadable = (await openSecret(stored)) === undefined;
  return {
    provider: stored.provider,
    siteKey: stored.siteKey,
    secretSaved: true,
    secretUnreadable: unreadable,
  };
}

/** The provider and site key pages show the check with; null while no keys are saved (forms ask for nothing). */
export async function publicCaptcha(): Promise<PublicCaptcha | null> {
  const stored = await readStored();
  return stored ? { provider: stored.provider, siteKey: stored.siteKey } : null;
}

export interface CaptchaInput {
  /** null: no captcha (the keys are removed). */
  provider: CaptchaProvider | null;
  siteKey: string;
  /** Empty: keep the saved secret (only possible for the same provider). */
  secret: string;
}

/**
 * Saves the keys (or removes them, provider null). A new secret is needed when none is saved or the provider
 * changes: answered "secret-needed", nothing written. Pages with a form that asks for the check render again (the
 * widget and their CSP follow the keys), and the save is audited without any key.
 */
export async function saveCaptchaSettings(
  input: CaptchaInput,
  who: AuditContext,
): Promise<"saved" | "secret-needed"> {
  const before = await readStored();
  if (!input.provider) {
    await db().delete(appMeta).where(eq(appMeta.key, KEY));
  } else {
    const kept = before?.provider === input.provider ? before.secret : undefined;
    const secret = input.secret ? seal(input.secret, await atRestKey()) : kept;
    if (!secret) return "secret-needed";
    const value = JSON.stringify({
      provider: input.provider,
      siteKey: input.siteKey,
      secret,
    } satisfies Stored);
    await db()
      .insert(appMeta)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
  }
  await publicContentChanged(who, {
    action: "captcha.save",
    entity: "app_meta",
    entityId: KEY,
    details: {
      provider: input.provider,
      siteKeyChanged: (before?.siteKey ?? "") !== (input.provider ? input.siteKey : ""),
      secretChanged: Boolean(input.provider && input.secret) || Boolean(before && !input.provider),
    },
  });
  return "saved";
}

/** What became of a visitor's captcha answer: "off" when no keys are saved (the form asks for nothing then). */
export type CaptchaOutcome = CaptchaVerdict | "missing" | "off";

/**
 * Checks the answer a visitor's submission carries (the provider's own field among `raw`) with the provider:
 * "missing" without one (the provider is not asked), "unchecked" when the saved secret cannot be read either.
 */
export async function checkCaptcha(
  raw: Record<string, string | string[]>,
  client: string,
): Promise<CaptchaOutcome> {
  const stored = await readStored();
  if (!stored) return "off";
  const answer = raw[CAPTCHA_PROVIDER_FACTS[stored.provider].responseField];
  const token = typeof answer === "string" ? answer.trim() : "";
  // Both providers' tokens are at most a few thousand characters; a longer one is no answer of theirs.
  if (!token || token.length > 8192) return "missing";
  const secret = await openSecret(stored);
  if (secret === undefined) return "unchecked";
  return verifyCaptchaToken({ provider: stored.provider, secret, token, remoteIp: client });
}

/**
 * `npm run admin -- rotate-secrets`: the captcha secret encrypted under the previous AUTH_SECRET is encrypted again
 * under the current one (written only if the row still holds what was read). Answers what became of it.
 */
export async function resealCaptchaSecret(
  oldAuthSecret: string,
): Promise<"reencrypted" | "unreadable" | "unchanged"> {
  const [row] = await db().select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  const stored = await readStored();
  if (!row || !stored || !isSealed(stored.secret)) return "unchanged";
  const key = await atRestKey();
  const openWith = (k: Buffer) => {
    try {
      return unseal(stored.secret, k);
    } catch {
      return undefined;
    }
  };
  if (openWith(key) !== undefined) return "unchanged";
  const plain = openWith(secretsKey(oldAuthSecret));
  if (plain === undefined) return "unreadable";
  const value = JSON.stringify({ ...stored, secret: seal(plain, key) } satisfies Stored);
  const updated = await db()
    .update(appMeta)
    .set({ value, updatedAt: new Date() })
    .where(and(eq(appMeta.key, KEY), eq(appMeta.value, row.value)))
    .returning({ key: appMeta.key });
  return updated.length ? "reencrypted" : "unchanged";
}
