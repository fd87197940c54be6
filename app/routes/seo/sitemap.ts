// /sitemap.xml: the public pages (campaign pages included) and every PUBLISHED article and academy item, with
// their last change.
import { env } from "~/env.server";
import { listPublishedAcademyEntries } from "~/models/academy.server";
import { isBlogEnabled, listPublishedPostEntries } from "~/models/blog.server";
import { listPublishedPagePaths } from "~/models/pages.server";
import { FEED_CACHE_CONTROL, xmlEscape } from "~/routes/support/xml.server";

interface Entry {
  path: string;
  lastmod?: Date | null;
  changefreq: "daily" | "weekly" | "monthly";
  priority: string;
}

const newest = (dates: ReadonlyArray<Date | null>): Date | null =>
  dates.reduce<Date | null>((max, d) => (d && (!max || d > max) ? d : max), null);

export async function loader() {
  const { baseUrl } = env();
  const blogEnabled = await isBlogEnabled();
  const [posts, academy, pages] = await Promise.all([
    blogEnabled ? listPublishedPostEntries() : Promise.resolve([]),
    listPublishedAcademyEntries(),
    listPublishedPagePaths(),
  ]);
  const postDates = posts.map((p) => p.updatedAt ?? p.publishedAt);
  const academyDates = academy.map((a) => a.updatedAt ?? a.publishedAt);

  const entries: Entry[] = [
    { path: "/", changefreq: "weekly", priority: "1.0" },
    { path: "/pricing", changefreq: "monthly", priority: "0.8" },
    { path: "/contact", changefreq: "monthly", priority: "0.6" },
    { path: "/academy", lastmod: newest(academyDates), changefreq: "weekly", priority: "0.8" },
    ...(blogEnabled
      ? [{ path: "/blog", lastmod: newest(postDates), changefreq: "daily" as const, priority: "0.8" }]
      : []),
    // Pages built from blocks besides the two above (campaign pages); noindex pages are left out.
    ...pages
      .filter((p) => p.path !== "/" && p.path !== "/pricing")
      .map((p) => ({ path: p.path, lastmod: p.updatedAt, changefreq: "monthly" as const, priority: "0.7" })),
    ...posts.map((p) => ({
      path: `/blog/${encodeURIComponent(p.slug)}`,
      lastmod: p.updatedAt ?? p.publishedAt,
      changefreq: "monthly" as const,
      priority: "0.7",
    })),
    ...academy.map((a) => ({
      path: `/academy/${encodeURIComponent(a.slug)}`,
      lastmod: a.updatedAt ?? a.publishedAt,
      changefreq: "monthly" as const,
      priority: "0.7",
    })),
  ];

  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `\n    <lastmod>${e.lastmod.toISOString()}</lastmod>` : "";
    return `  <url>\n    <loc>${xmlEscape(baseUrl + e.path)}</loc>${lastmod}\n    <changefreq>${e.changefreq}</changefreq>\n    <priority>${e.priority}</priority>\n  </url>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
