// Rules and form schemas of the admin sign-in pages, shared by the browser (input attributes) and the server.
import { z } from "zod";

/**
 * The shortest password that signs in (docs/product.md, Admin sign-in): passwords chosen before the password policy
 * (ADR 047) have at least 6 characters and keep working.
 */
export const ADMIN_PASSWORD_MIN_LENGTH = 6;

/** The shortest new password (accepting an invitation, a reset, the CLI): ADR 047. */
export const NEW_PASSWORD_MIN_LENGTH = 10;

/** What a refused new password is told (the common-password check runs on the server: password-policy.server.ts). */
export const PASSWORD_POLICY_MESSAGES = {
  tooShort: `Use at least ${NEW_PASSWORD_MIN_LENGTH} characters.`,
  tooLong: "Use at most 256 characters.",
  tooCommon: "This password is too common. Choose another.",
} as const;

/** The hint under a new password's field. */
export const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN_LENGTH} characters, and not a common password.`;

const password = z
  .string()
  .min(ADMIN_PASSWORD_MIN_LENGTH, `Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`)
  .max(256);

/** A new password's length, checked in the form's schema for a quick answer; the server adds the common list. */
export const newPasswordSchema = z
  .string()
  .min(NEW_PASSWORD_MIN_LENGTH, PASSWORD_POLICY_MESSAGES.tooShort)
  .max(256, PASSWORD_POLICY_MESSAGES.tooLong);

export const signInSchema = z.object({
  email: z.email("Please enter a valid email address").max(255),
  password,
});

export const secondFactorSchema = z.object({
  method: z.enum(["totp", "recovery"]),
  code: z.string().trim().min(6, "Enter the code").max(64),
});

export const forgotPasswordSchema = z.object({
  email: z.email("Please enter a valid email address").max(255),
});

export const resetPasswordSchema = z
  .object({ token: z.string().min(1).max(200), password: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: "The passwords do not match", path: ["confirm"] });

/** Shown (forgot and reset pages, the API) when ADMIN_PASSWORD decides the password. */
export const PASSWORD_MANAGED_MESSAGE =
  "The password is set by the server's ADMIN_PASSWORD setting; change it there.";

/** The forgot page's note while ADMIN_PASSWORD sets the owner's password: members still reset theirs there. */
export const OWNER_PASSWORD_MANAGED_MESSAGE =
  "The owner's password is set by the server's ADMIN_PASSWORD setting; change it there. Other members of the team can ask for a reset link here.";

/** A member's name as the team sees it (accepting an invitation). */
export const MEMBER_NAME_MAX_LENGTH = 100;

export const acceptInvitationSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Enter your name")
      .max(MEMBER_NAME_MAX_LENGTH, "Use at most 100 characters"),
    password: newPasswordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: "The passwords do not match", path: ["confirm"] });
