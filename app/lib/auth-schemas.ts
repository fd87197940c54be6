// Rules and form schemas of the admin sign-in pages, shared by the browser (input attributes) and the server.
import { z } from "zod";

/** docs/product.md, Admin sign-in: the administrator's password has at least 6 characters. */
export const ADMIN_PASSWORD_MIN_LENGTH = 6;

const password = z
  .string()
  .min(ADMIN_PASSWORD_MIN_LENGTH, `Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`)
  .max(256);

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
  .object({ token: z.string().min(1).max(200), password, confirm: z.string() })
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
    password,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: "The passwords do not match", path: ["confirm"] });
