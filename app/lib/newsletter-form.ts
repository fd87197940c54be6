// The newsletter's compose and schedule forms: one zod schema each, used by the server action (the browser
// checks lengths with the same limits). Dates of the audience are days (YYYY-MM-DD); the schedule is a wall time
// in the site's time zone, as for scheduled posts.
import { z } from "zod";
import { fromWallTime } from "./site-time";

export const NEWSLETTER_LIMITS = { subject: 200, preheader: 200, sourcePage: 300 } as const;

const day = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), "Enter a date as YYYY-MM-DD");

export const newsletterSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Enter a subject")
    .max(NEWSLETTER_LIMITS.subject, `At most ${NEWSLETTER_LIMITS.subject} characters`),
  preheader: z
    .string()
    .trim()
    .max(NEWSLETTER_LIMITS.preheader, `At most ${NEWSLETTER_LIMITS.preheader} characters`)
    .default(""),
  body: z.string().default(""),
  sourcePage: z
    .string()
    .trim()
    .max(NEWSLETTER_LIMITS.sourcePage, `At most ${NEWSLETTER_LIMITS.sourcePage} characters`)
    .optional()
    .transform((v) => v || null),
  signedUpFrom: day,
  signedUpTo: day,
});

export type NewsletterFormInput = z.infer<typeof newsletterSchema>;

/** "Schedule": a wall time in `zone` that lies in the future. */
export const scheduleSchemaIn = (zone: string, now = () => Date.now()) =>
  z.object({
    scheduledAt: z
      .string()
      .trim()
      .transform((v, ctx) => {
        const at = v ? fromWallTime(v, zone) : undefined;
        if (!at) {
          ctx.addIssue({ code: "custom", message: "Enter a date and time, e.g. 2026-03-02 09:00" });
          return z.NEVER;
        }
        if (at.getTime() <= now()) {
          ctx.addIssue({ code: "custom", message: "Choose a time in the future, or send now" });
          return z.NEVER;
        }
        return at;
      }),
  });

export const testSendSchema = z.object({
  to: z
    .string()
    .trim()
    .pipe(z.email({ message: "Enter a valid email address" })),
});

/** "Unsubscribe an address" on the suppression list (someone asked by mail). */
export const handUnsubscribeSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ message: "Enter a valid email address" })),
});
