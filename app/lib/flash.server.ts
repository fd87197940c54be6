// One-shot messages that survive a redirect (e.g. 'Signed out successfully' after the sign-out POST): a short-lived
// HttpOnly cookie written by the action and read-and-cleared by the next page's loader. Works without JavaScript.
import { z } from "zod";
import type { ToastMessage } from "~/components/ui/toaster";
import { env } from "~/env.server";

const FLASH_COOKIE = "asimov_flash";

const flashSchema = z.object({
  type: z.enum(["success", "error"]),
  message: z.string().max(300),
  title: z.string().max(100).optional(),
});

function attributes(maxAge: number) {
  const secure = env().baseUrl.startsWith("https://") ? "; Secure" : "";
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** Set-Cookie value carrying `message` to the next page load (60 s at most). */
export function flashCookie(message: ToastMessage): string {
  const value = Buffer.from(JSON.stringify(message)).toString("base64url");
  return `${FLASH_COOKIE}=${value}; ${attributes(60)}`;
}

/** The pending flash message of this request, and the Set-Cookie value that clears it (null when none). */
export function readFlash(request: Request): { flash: ToastMessage | null; clear: string | null } {
  const cookie = request.headers.get("cookie") ?? "";
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([^;]*)`));
  if (!match?.[1]) return { flash: null, clear: null };
  const clear = `${FLASH_COOKIE}=; ${attributes(0)}`;
  try {
    const parsed = flashSchema.safeParse(JSON.parse(Buffer.from(match[1], "base64url").toString("utf8")));
    return { flash: parsed.success ? parsed.data : null, clear };
  } catch {
    return { flash: null, clear };
  }
}
