// The password policy's rules on their own: the length first, then the bundled list of common passwords (read once,
// on first use, from the npm package that ships it).
import { describe, expect, it } from "vitest";
import { NEW_PASSWORD_MIN_LENGTH, newPasswordSchema, PASSWORD_POLICY_MESSAGES } from "~/lib/auth-schemas";
import { commonPasswords, newPasswordProblem } from "./password-policy.server";

describe("a new password", () => {
  it("has at least 10 characters", async () => {
    expect(NEW_PASSWORD_MIN_LENGTH).toBe(10);
    expect(await newPasswordProblem("nine-char")).toBe("Use at least 10 characters.");
    expect(await newPasswordProblem("")).toBe(PASSWORD_POLICY_MESSAGES.tooShort);
    expect(await newPasswordProblem("ten-chars!")).toBeUndefined();
    // The form's schema gives the same answer without the list.
    expect(newPasswordSchema.safeParse("nine-char").error?.issues[0]?.message).toBe(
      "Use at least 10 characters.",
    );
    expect(newPasswordSchema.safeParse("ten-chars!").success).toBe(true);
  });

  it("is not among the 10,000 most common passwords, whatever its case", async () => {
    for (const common of [
      "password123",
      "1234567890",
      "qwertyuiop",
      "QwErTyUiOp",
      "basketball",
      "1q2w3e4r5t",
    ]) {
      expect(await newPasswordProblem(common), common).toBe("This password is too common. Choose another.");
    }
    // Common, but below the top 10,000 of the list: allowed (the list is ranked, most common first).
    expect(await newPasswordProblem("password1234")).toBeUndefined();
    expect(await newPasswordProblem("lantern-orchard-7")).toBeUndefined();
  });

  it("is not a pattern the list leaves to zxcvbn's pattern rules: a repeated block, or a run along a row", async () => {
    // The SecLists top 10,000's entries of 10 characters or more that zxcvbn's dictionary leaves out.
    const patterns = [
      "0987654321",
      "1111111111",
      "0123456789",
      "1234512345",
      "0000000000",
      "5555555555",
      "9876543210",
      "poiuytrewq",
      "qwertyqwerty",
      "7777777777",
      "9999999999",
      "aaaaaaaaaa",
      "1212121212",
      "2222222222",
      "1234567890-",
    ];
    for (const pattern of patterns) {
      expect(await newPasswordProblem(pattern), pattern).toBe(PASSWORD_POLICY_MESSAGES.tooCommon);
    }
    expect(await newPasswordProblem("ZXCVBNM,./")).toBe(PASSWORD_POLICY_MESSAGES.tooCommon);
    // A repeated word inside something longer, or a short run in a longer password, is not the pattern.
    expect(await newPasswordProblem("hellohello-7")).toBeUndefined();
    expect(await newPasswordProblem("abc123-river-stone")).toBeUndefined();
  });

  it("the list is loaded once and keeps only the entries the length rule lets through", async () => {
    const first = await commonPasswords();
    expect(await commonPasswords()).toBe(first);
    expect(first.size).toBe(145);
    for (const entry of first) expect(entry.length).toBeGreaterThanOrEqual(NEW_PASSWORD_MIN_LENGTH);
    expect(first.has("password123")).toBe(true);
  });
});
