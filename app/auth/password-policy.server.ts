// The rules for a new password (ADR 047): at least NEW_PASSWORD_MIN_LENGTH characters and not one of the 10,000
// most common passwords. Every way to choose a password applies them on the server (accepting an invitation, a reset
// by page or API, `npm run admin -- set-password`); signing in with a password chosen before them keeps working.
//
// The list ships with the npm package @zxcvbn-ts/language-common (MIT): zxcvbn's password dictionary, drawn from the
// xato 10-million-password dump (the source of SecLists' common-password lists), lower-cased and ranked by how often
// each password appeared, most common first. It is read from disk on the first check, never at start-up and never
// from the network. zxcvbn leaves out of that dictionary the passwords its pattern rules catch instead (1111111111,
// 1212121212, 0123456789, 0987654321, poiuytrewq…), so those patterns are refused here too: a block repeated, or a
// run along the digits, the alphabet or a keyboard row, either way.
//
// A password shorter than the minimum is refused before the list is consulted, so the Set keeps only the top
// 10,000's entries that are long enough to get that far (145 of them): about 14 KB stay in memory for the
// process's life instead of the ~550 KB the whole top 10,000 would hold (the one-time read and parse of the
// package's file takes ~2.5 MB, freed at once).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { NEW_PASSWORD_MIN_LENGTH, PASSWORD_POLICY_MESSAGES } from "~/lib/auth-schemas";

/** How many of the list's most common passwords are refused. */
export const COMMON_PASSWORDS_CHECKED = 10_000;

/** The error code better-auth answers with when its password endpoints refuse a new password (hooks). */
export const PASSWORD_POLICY_CODE = "PASSWORD_POLICY";

const LIST_FILE = "@zxcvbn-ts/language-common/src/passwords.json";

let common: Promise<ReadonlySet<string>> | undefined;

async function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  const file = createRequire(import.meta.url).resolve(LIST_FILE);
  const ranked = JSON.parse(await readFile(file, "utf8")) as unknown;
  if (!Array.isArray(ranked) || ranked.length < COMMON_PASSWORDS_CHECKED) {
    throw new Error(`${LIST_FILE} is not the ranked password list this check expects`);
  }
  const kept = new Set<string>();
  for (const entry of ranked.slice(0, COMMON_PASSWORDS_CHECKED)) {
    if (typeof entry === "string" && entry.length >= NEW_PASSWORD_MIN_LENGTH) kept.add(entry.toLowerCase());
  }
  return kept;
}

/** The common passwords that the length rule does not already refuse, loaded once, on first use. */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= loadCommonPasswords().catch((error: unknown) => {
    common = undefined;
    throw error;
  });
  return common;
}

/** Runs a common password follows: the digits, the alphabet and the keyboard's rows (also read backwards). */
const RUNS = [
  "01234567890",
  "abcdefghijklmnopqrstuvwxyz",
  "1234567890-=",
  "qwertyuiop[]",
  "asdfghjkl;'",
  "zxcvbnm,./",
];

/** Whether a (lower-cased) password is one block repeated, or runs along one of RUNS. */
function isCommonPattern(lower: string): boolean {
  if (/^(.+?)\1+$/su.test(lower)) return true;
  const backwards = [...lower].reverse().join("");
  return RUNS.some((run) => run.includes(lower) || run.includes(backwards));
}

/** Why `password` cannot be a new password, in words a person understands; undefined when it can. */
export async function newPasswordProblem(password: string): Promise<string | undefined> {
  if (password.length < NEW_PASSWORD_MIN_LENGTH) return PASSWORD_POLICY_MESSAGES.tooShort;
  if (password.length > 256) return PASSWORD_POLICY_MESSAGES.tooLong;
  const lower = password.toLowerCase();
  if (isCommonPattern(lower) || (await commonPasswords()).has(lower))
    return PASSWORD_POLICY_MESSAGES.tooCommon;
  return undefined;
}
