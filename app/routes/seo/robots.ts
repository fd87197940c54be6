// /robots.txt: everything public may be crawled; the back office, sign-in and APIs may not.
import { env } from "~/env.server";
import { FEED_CACHE_CONTROL } from "~/routes/support/xml.server";

export function loader() {
  const { baseUrl } = env();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /admin/",
    "Disallow: /admin-auth",
    "Disallow: /api/",
    "Disallow: /functions/",
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
