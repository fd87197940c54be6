// The add-redirect form (docs/product.md, Redirects): its rules and messages, checked in the admin's dialog and
// again by the page's action. What needs the database (duplicates, loops) is checked by the model.
import { z } from "zod";
import { URL_MAX } from "./limits";
import {
  internalKey,
  isHttpUrl,
  isNonPagePath,
  isSitePath,
  pathKey,
  REDIRECT_PATH_MAX,
  type RedirectStatus,
} from "./redirect-paths";

export const REDIRECT_MESSAGES = {
  fromRequired: "Enter the path to redirect from",
  fromSlash: "Start the path with /, for example /old-page",
  fromQuery: "Leave out the query string: a redirect matches the path alone",
  fromInvalid: "Enter a path of this site, such as /old-page, without spaces",
  fromTooLong: `Paths have at most ${REDIRECT_PATH_MAX} characters`,
  fromReserved: "Back-office, API and asset paths cannot be redirected",
  toRequired: "Enter where visitors should go",
  toInvalid: "Enter a path starting with / or a full URL starting with https://",
  toTooLong: `Targets have at most ${URL_MAX} characters`,
  same: "The target must be different from the path it redirects",
  duplicate: (from: string) => `There is already a redirect from ${from}`,
  loop: (target: string, back: string) => `This would make a loop: ${target} already redirects to ${back}`,
} as const;

/** "/old-page/" → "/old-page": the stored form of a path to redirect from (trailing slashes do not count). */
function cleanFromPath(value: string): string {
  const trimmed = value.trim();
  return trimmed.length > 1 ? trimmed.replace(/\/+$/, "") || "/" : trimmed;
}

export const redirectFormSchema = z
  .object({
    fromPath: z
      .string({ error: REDIRECT_MESSAGES.fromRequired })
      .transform(cleanFromPath)
      .pipe(
        z
          .string()
          .min(1, REDIRECT_MESSAGES.fromRequired)
          .max(REDIRECT_PATH_MAX, REDIRECT_MESSAGES.fromTooLong)
          .refine((v) => v.startsWith("/"), REDIRECT_MESSAGES.fromSlash)
          .refine((v) => !/[?#]/.test(v), REDIRECT_MESSAGES.fromQuery)
          .refine(isSitePath, REDIRECT_MESSAGES.fromInvalid)
          .refine((v) => !isNonPagePath(v) && !pathKey(v).endsWith(".data"), REDIRECT_MESSAGES.fromReserved),
      ),
    toUrl: z
      .string({ error: REDIRECT_MESSAGES.toRequired })
      .trim()
      .min(1, REDIRECT_MESSAGES.toRequired)
      .max(URL_MAX, REDIRECT_MESSAGES.toTooLong)
      .refine((v) => isSitePath(v) || isHttpUrl(v), REDIRECT_MESSAGES.toInvalid),
    statusCode: z
      .enum(["301", "302"], { error: "Choose 301 or 302" })
      .default("301")
      .transform((v) => Number(v) as RedirectStatus),
  })
  .refine((v) => internalKey(v.toUrl) !== pathKey(v.fromPath), {
    path: ["toUrl"],
    message: REDIRECT_MESSAGES.same,
  });

export type RedirectInput = z.output<typeof redirectFormSchema>;
