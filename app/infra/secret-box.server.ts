// Secrets the server must read back (webhook signing secrets) are stored encrypted, never as they are: AES-256-GCM
// with a key derived from AUTH_SECRET by HKDF-SHA256 (docs/decisions/029-webhook-secrets-at-rest.md). A copy of
// the database alone then holds no usable secret. The stored form names its version, so the scheme can change
// later while older rows stay readable.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** What a sealed value starts with: the scheme and its version. */
export const SEALED_PREFIX = "enc:v1:";

/** The purpose the key is derived for: another use of AUTH_SECRET gets another key. */
const KEY_INFO = "asimov: secrets at rest, v1";

/** The 32-byte key for secrets at rest derived from an auth secret. */
export function secretsKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret, "", KEY_INFO, 32));
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

/** "enc:v1:<iv>.<ciphertext>.<tag>" (base64url), a fresh 12-byte IV each time. */
export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const parts = [iv, body, cipher.getAuthTag()].map((part) => part.toString("base64url"));
  return `${SEALED_PREFIX}${parts.join(".")}`;
}

/** A stored value that the key cannot open: AUTH_SECRET changed without the secrets being encrypted again. */
export class UnreadableSecret extends Error {
  constructor() {
    super(
      "The webhook signing secret cannot be decrypted with the current AUTH_SECRET (was it changed?). Run " +
        "`npm run admin -- rotate-secrets --old-secret <previous AUTH_SECRET>`, or rotate the endpoint's secret.",
    );
    this.name = "UnreadableSecret";
  }
}

/**
 * The secret a stored value holds. A value written before secrets were encrypted (no prefix) is returned as it
 * is; a sealed one the key cannot open (another key, or altered) throws UnreadableSecret.
 */
export function unseal(stored: string, key: Buffer): string {
  if (!isSealed(stored)) return stored;
  const [iv, body, tag] = stored
    .slice(SEALED_PREFIX.length)
    .split(".")
    .map((part) => Buffer.from(part, "base64url"));
  if (!iv || !body || !tag || iv.length !== 12 || tag.length !== 16) throw new UnreadableSecret();
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw new UnreadableSecret();
  }
}
