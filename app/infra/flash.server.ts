// One-shot messages that survive a redirect (e.g. 'Signed out successfully' after the sign-out POST): a short-lived
// HttpOnly cookie written by the action and read-and-cleared by the next page's loader. Works without JavaScript.
// React Router's createCookie writes and parses it; the value is checked again on reading, as any cookie can be forged.
import { type Cookie, createCookie } from "react-router";
import { z } from "zod";
import { env } from "~/env.server";
import type { ToastMessage } from "~/lib/forms";

const FLASH_COOKIE = "asimov_flash";
/** Long enough for one redirect, short enough that a message never shows up on a later visit. */
const FLASH_MAX_AGE = 60;

const flashSchema = z.object({
  type: z.enum(["success", "error"]),
  message: z.string().max(300),
  title: z.string().max(100).optional(),
});

let cookie: Cookie | undefined;
/** Made on first use: Secure depends on the configured base URL, read after the environment is loaded. */
function flashCookieJar(): Cookie {
  cookie ??= createCookie(FLASH_COOKIE, {
    path: "/",
    maxAge: FLASH_MAX_AGE,
    httpOnly: true,
    sameSite: "lax",
    secure: env().baseUrl.startsWith("https://"),
  });
  return cookie;
}

/** Set-Cookie value carrying `message` to the next page load (60 s at most). */
export function flashCookie(message: ToastMessage): Promise<string> {
  return flashCookieJar().serialize(message);
}

/** The pending flash message of this request, and the Set-Cookie value that clears it (null when none). */
export async function readFlash(
  request: Request,
): Promise<{ flash: ToastMessage | null; clear: string | null }> {
  const jar = flashCookieJar();
  const value: unknown = await jar.parse(request.headers.get("cookie"));
  if (value === null) return { flash: null, clear: null };
  const clear = await jar.serialize("", { maxAge: 0 });
  const parsed = flashSchema.safeParse(value);
  return { flash: parsed.success ? parsed.data : null, clear };
}
