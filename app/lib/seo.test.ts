import { describe, expect, it } from "vitest";
import { jsonLdString } from "./json-ld-string";
import { errorMeta, pageMeta, siteInfo, truncateDescription, withSiteTitle } from "./seo";
import { blogPostingJsonLd, breadcrumbJsonLd, videoObjectJsonLd } from "./structured-data";

const site = siteInfo([
  { id: "root", loaderData: { baseUrl: "https://asimov.example/", settings: { ogImage: "/og.png" } } },
]);

const find = (tags: ReturnType<typeof pageMeta>, key: string, value: string) =>
  tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("pageMeta", () => {
  it("builds title, description, canonical, Open Graph and Twitter tags from the site facts", () => {
    const tags = pageMeta(site, { title: "Pricing", description: "Plans", path: "/pricing" });
    expect(tags).toContainEqual({ title: `Pricing | ${site.siteTitle}` });
    expect(find(tags, "name", "description")?.content).toBe("Plans");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://asimov.example/pricing");
    expect(find(tags, "property", "og:url")?.content).toBe("https://asimov.example/pricing");
    expect(find(tags, "property", "og:image")?.content).toBe("https://asimov.example/og.png");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "robots")?.content).toBe("index, follow");
  });

  it("uses the page's own image, full titles, the default description and JSON-LD blocks", () => {
    const tags = pageMeta(site, {
      title: "Own title | Brand",
      fullTitle: true,
      path: "/blog/x",
      image: "https://cdn.example/x.png",
      type: "article",
      article: { publishedTime: new Date("2024-01-02T00:00:00Z"), tags: ["a", "b"] },
      jsonLd: [breadcrumbJsonLd(site, []), null],
    });
    expect(tags).toContainEqual({ title: "Own title | Brand" });
    expect(find(tags, "name", "description")?.content).toBe(site.siteDescription);
    expect(find(tags, "property", "og:image")?.content).toBe("https://cdn.example/x.png");
    expect(find(tags, "property", "article:published_time")?.content).toBe("2024-01-02T00:00:00.000Z");
    expect(tags.filter((t) => "script:ld+json" in t)).toHaveLength(1);
  });

  it("puts the Site title setting in titles, editor titles ending in the brand and error titles", () => {
    const renamed = siteInfo([{ id: "root", loaderData: { settings: { siteTitle: "Renamed Co" } } }]);
    expect(pageMeta(renamed, { title: "Pricing", path: "/pricing" })).toContainEqual({
      title: "Pricing | Renamed Co",
    });
    const ownTitle = pageMeta(renamed, { title: "A post | Asimov", fullTitle: true, path: "/blog/a" });
    expect(ownTitle).toContainEqual({ title: "A post | Renamed Co" });
    expect(find(ownTitle, "property", "og:title")?.content).toBe("A post | Renamed Co");
    expect(find(ownTitle, "property", "og:site_name")?.content).toBe("Renamed Co");
    expect(withSiteTitle(renamed, "Written by hand")).toBe("Written by hand");
    const article = blogPostingJsonLd(renamed, { title: "A post", path: "/blog/a" });
    expect(article.publisher).toMatchObject({ name: "Renamed Co" });
    expect(errorMeta(renamed, "Post Not Found")).toContainEqual({ title: "Post Not Found | Renamed Co" });
  });

  it("cuts long descriptions at a word boundary within 160 characters", () => {
    const long = "word ".repeat(60);
    const cut = truncateDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("…")).toBe(true);
    expect(truncateDescription("  short   text ")).toBe("short text");
  });
});

describe("JSON-LD", () => {
  it("describes articles and videos with absolute URLs", () => {
    const post = blogPostingJsonLd(site, { title: "T", path: "/blog/t", image: "/i.png", author: null });
    expect(post).toMatchObject({
      "@type": "BlogPosting",
      url: "https://asimov.example/blog/t",
      image: "https://asimov.example/i.png",
      author: { name: "Admin" },
    });
    const video = videoObjectJsonLd(site, {
      title: "V",
      path: "/academy/v",
      durationMinutes: 12,
      videoUrl: "https://www.youtube.com/embed/abc",
      videoIsEmbed: true,
      publishedAt: "2024-05-01T00:00:00Z",
    });
    expect(video).toMatchObject({
      "@type": "VideoObject",
      duration: "PT12M",
      embedUrl: "https://www.youtube.com/embed/abc",
    });
  });

  it("serialises so the text can never close its script element", () => {
    const text = jsonLdString({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text).name).toBe("</script><script>alert(1)</script>");
  });
});
