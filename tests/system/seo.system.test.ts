import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { demoAcademyItems, demoBlogPosts } from "../../app/db/seed-content";
import { SETTING_DEFAULTS } from "../../app/lib/settings";
import { contentKey } from "../../app/storage/object-store.server";
import { baseURL, emptyURL } from "./support";

const post = demoBlogPosts.find((p) => p.status === "published" && p.metaTitle && p.featuredImage);
const video = demoAcademyItems.find((i) => i.status === "published" && i.videoUrl);
const course = demoAcademyItems.find((i) => i.status === "published" && !i.videoUrl);
if (!post || !video || !course) throw new Error("the demo seed changed: update this spec");
/** The seed puts the demo's pictures in the media library: a post shows the library's copy of its file. */
const postImage = `/uploads/${contentKey("images", readFileSync(`public${post.featuredImage}`), "svg")}`;

/** The head facts a crawler reads from the raw HTML (no JavaScript). */
async function headOf(path: string) {
  const response = await fetch(`${baseURL}${path}`);
  const html = await response.text();
  const attr = (pattern: RegExp) => html.match(pattern)?.[1]?.replace(/&amp;/g, "&");
  const meta = (key: "name" | "property", name: string) =>
    attr(new RegExp(`<meta ${key}="${name.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`));
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
  );
  return {
    status: response.status,
    html,
    title: attr(/<title>([^<]*)<\/title>/),
    description: meta("name", "description"),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    robots: meta("name", "robots"),
    og: (name: string) => meta("property", `og:${name}`),
    twitter: (name: string) => meta("name", `twitter:${name}`),
    types: jsonLd.map((block) => block["@type"]),
    jsonLd,
  };
}

describe("SEO in the raw HTML", () => {
  const pages = [
    { path: "/blog", types: ["Organization", "BreadcrumbList"] },
    { path: `/blog/${post.slug}`, types: ["Organization", "BlogPosting", "BreadcrumbList"] },
    { path: "/academy", types: ["Organization", "BreadcrumbList"] },
    { path: `/academy/${video.slug}`, types: ["Organization", "VideoObject", "BreadcrumbList"] },
    { path: `/academy/${course.slug}`, types: ["Organization", "Course", "BreadcrumbList"] },
  ];
  for (const { path, types } of pages) {
    test(`${path} has title, description, canonical, Open Graph, Twitter and JSON-LD`, async () => {
      const head = await headOf(path);
      expect(head.status).toBe(200);
      expect(head.title).toMatch(/\S/);
      expect(head.description?.length).toBeGreaterThan(20);
      expect(head.description?.length).toBeLessThanOrEqual(160);
      expect(head.canonical).toBe(`${baseURL}${path}`);
      expect(head.og("title")).toBe(head.title);
      expect(head.og("description")).toBe(head.description);
      expect(head.og("url")).toBe(head.canonical);
      expect(head.og("type")).toMatch(/^(website|article)$/);
      expect(head.twitter("card")).toMatch(/^summary/);
      expect(head.robots).toBe("index, follow");
      for (const type of types) expect(head.types).toContain(type);
    });
  }

  test("an article uses its own meta title, meta description and featured image", async () => {
    const head = await headOf(`/blog/${post.slug}`);
    // The brand suffix of an editor's meta title stands for the Site title setting.
    expect(head.title).toBe(post.metaTitle.replace(/ \| Asimov$/, ` | ${SETTING_DEFAULTS.siteTitle}`));
    expect(head.description).toBe(post.metaDescription);
    expect(head.og("type")).toBe("article");
    expect(head.og("image")).toBe(`${baseURL}${postImage}`);
    expect(head.twitter("image")).toBe(`${baseURL}${postImage}`);
    const article = head.jsonLd.find((b) => b["@type"] === "BlogPosting");
    expect(article).toMatchObject({ headline: post.title, author: { name: post.author } });
    const crumbs = head.jsonLd.find((b) => b["@type"] === "BreadcrumbList") as {
      itemListElement: Array<{ name: string; item: string }>;
    };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(["Home", "Blog", post.title]);
  });

  test("the Organization is described on every public page, the home page included", async () => {
    for (const path of ["/", "/blog", "/academy"]) {
      const head = await headOf(path);
      const org = head.jsonLd.find((b) => b["@type"] === "Organization");
      expect(org, path).toMatchObject({ name: SETTING_DEFAULTS.siteTitle });
    }
  });

  test("not-found states are kept out of search results", async () => {
    for (const path of ["/blog/no-such-post", "/academy/no-such-item"]) {
      const head = await headOf(path);
      expect(head.status).toBe(404);
      expect(head.robots).toMatch(/noindex/);
    }
  });
});

describe("sitemap, robots and feed", () => {
  /** The slugs the public list pages link to. */
  async function listedSlugs(base: string, section: "blog" | "academy") {
    const html = await (await fetch(`${base}/${section}`)).text();
    return [
      ...new Set([...html.matchAll(new RegExp(`href="/${section}/([^"/?#]+)"`, "g"))].map((m) => m[1])),
    ].sort();
  }

  async function sitemapPaths(base: string) {
    const response = await fetch(`${base}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("xml");
    const xml = await response.text();
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
      loc: m[1]?.match(/<loc>([^<]*)<\/loc>/)?.[1] ?? "",
      lastmod: m[1]?.match(/<lastmod>([^<]*)<\/lastmod>/)?.[1],
    }));
    return urls.map((u) => ({ ...u, path: new URL(u.loc).pathname }));
  }

  for (const server of ["demo", "empty"] as const) {
    test(`sitemap.xml lists exactly the published slugs (${server} server)`, async () => {
      const base = server === "demo" ? baseURL : emptyURL;
      const urls = await sitemapPaths(base);
      const paths = urls.map((u) => u.path);
      for (const staticPath of ["/", "/pricing", "/contact", "/blog", "/academy"])
        expect(paths).toContain(staticPath);
      for (const section of ["blog", "academy"] as const) {
        const inSitemap = paths
          .filter((p) => p.startsWith(`/${section}/`))
          .map((p) => decodeURIComponent(p.slice(section.length + 2)))
          .sort();
        expect(inSitemap, section).toEqual(await listedSlugs(base, section));
      }
      // Content entries carry their last change.
      for (const u of urls.filter((u) => /^\/(blog|academy)\/./.test(u.path))) {
        expect(u.lastmod, u.path).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      }
      if (server === "demo") {
        for (const p of demoBlogPosts)
          expect(paths.includes(`/blog/${p.slug}`), p.slug).toBe(p.status === "published");
        for (const i of demoAcademyItems) {
          expect(paths.includes(`/academy/${i.slug}`), i.slug).toBe(i.status === "published");
        }
      }
    });
  }

  test("robots.txt keeps crawlers out of the back office and points at the sitemap", async () => {
    const response = await fetch(`${baseURL}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    for (const path of ["/admin", "/admin-auth", "/api/"]) {
      expect(text).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
    }
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("rss.xml is an RSS 2.0 feed of the published posts", async () => {
    const response = await fetch(`${baseURL}/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]*)<\/link>/g)].map((m) =>
      decodeURIComponent(new URL(m[1] ?? "").pathname.replace("/blog/", "")),
    );
    expect(links.sort()).toEqual(await listedSlugs(baseURL, "blog"));
    for (const p of demoBlogPosts.filter((p) => p.status !== "published")) expect(xml).not.toContain(p.slug);
    expect(xml).toContain(`<atom:link href="${baseURL}/rss.xml"`);
  });
});
