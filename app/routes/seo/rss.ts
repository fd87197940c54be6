// /rss.xml: RSS 2.0 feed of the published blog posts, newest first (404 while the blog is switched off).
import { env } from "~/env.server";
import { isBlogEnabled, listPublishedPostEntries } from "~/models/blog.server";
import { getSettings } from "~/models/settings.server";
import { FEED_CACHE_CONTROL, xmlEscape } from "~/routes/support/xml.server";

/** Feed readers only look at the latest items. */
const FEED_ITEMS = 50;

export async function loader() {
  if (!(await isBlogEnabled())) {
    return new Response("The blog is not available.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { baseUrl } = env();
  const [settings, posts] = await Promise.all([
    getSettings(),
    listPublishedPostEntries({ limit: FEED_ITEMS }),
  ]);
  const built = posts.reduce<Date | null>((max, p) => {
    const d = p.updatedAt ?? p.publishedAt;
    return d && (!max || d > max) ? d : max;
  }, null);

  const items = posts.map((p) => {
    const link = `${baseUrl}/blog/${encodeURIComponent(p.slug)}`;
    const lines = [
      `      <title>${xmlEscape(p.title)}</title>`,
      `      <link>${xmlEscape(link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      p.publishedAt ? `      <pubDate>${p.publishedAt.toUTCString()}</pubDate>` : "",
      p.excerpt ? `      <description>${xmlEscape(p.excerpt)}</description>` : "",
      `      <dc:creator>${xmlEscape(p.author)}</dc:creator>`,
      p.category ? `      <category>${xmlEscape(p.category)}</category>` : "",
    ].filter(Boolean);
    return `    <item>\n${lines.join("\n")}\n    </item>`;
  });

  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${xmlEscape(`${settings.siteTitle} — Blog`)}</title>`,
    `    <link>${xmlEscape(`${baseUrl}/blog`)}</link>`,
    `    <description>${xmlEscape(settings.siteDescription)}</description>`,
    "    <language>en-us</language>",
    `    <atom:link href="${xmlEscape(`${baseUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    built ? `    <lastBuildDate>${built.toUTCString()}</lastBuildDate>` : "",
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter((line) => line !== "")
    .join("\n");
  return new Response(`${xml}\n`, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE_CONTROL },
  });
}
