// `npm run admin -- set-password`: a password given on the command line or typed follows the password policy and
// is refused, with the policy's words, before the database is opened.
import { describe, expect, it } from "vitest";
import { PASSWORD_POLICY_MESSAGES } from "~/lib/auth-schemas";
import { adminCli } from "./lifecycle";

describe("the CLI's set-password", () => {
  it("refuses a short or common password before touching the database", async () => {
    // Nothing listens here: a refusal that came from the database would be another message.
    process.env.DATABASE_URL = "postgres://nobody@127.0.0.1:9/none";
    process.env.ADMIN_EMAIL = "admin@example.com";
    await expect(adminCli.setPassword("short-one")).rejects.toThrow(PASSWORD_POLICY_MESSAGES.tooShort);
    await expect(adminCli.setPassword("password123")).rejects.toThrow(PASSWORD_POLICY_MESSAGES.tooCommon);
  });
});
