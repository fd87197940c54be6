// The auth secret (AUTH_SECRET, or one generated on first start and kept in the database when it is unset) and
// what is derived from it besides session signing: the key that encrypts secrets at rest.
import { randomBytes } from "node:crypto";
import { env } from "~/env.server";
import { secretsKey } from "~/infra/secret-box.server";
import { storeAuthSecretIfNone, storedAuthSecret } from "~/models/auth-store.server";

export { storedAuthSecret };

/**
 * AUTH_SECRET, or, when unset, the one generated on first start and stored in the database, so every instance
 * sharing the database signs cookies alike.
 */
export async function resolveAuthSecret(): Promise<string> {
  const configured = env().authSecret;
  if (configured) return configured;
  const generated = randomBytes(32).toString("base64url");
  await storeAuthSecretIfNone(generated);
  const stored = await storedAuthSecret();
  if (!stored) throw new Error("Could not read the stored auth secret");
  return stored;
}

let atRest: Promise<Buffer> | undefined;

/** The key for secrets at rest, derived from the auth secret once per process (initAuth derives it again). */
export function atRestKey(): Promise<Buffer> {
  atRest ??= resolveAuthSecret().then(secretsKey);
  atRest.catch(() => {
    atRest = undefined;
  });
  return atRest;
}

/** initAuth: the auth secret is read again, so the key is derived again from it. */
export function forgetAtRestKey(): void {
  atRest = undefined;
}
