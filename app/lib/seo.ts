/**
 * SEO for public pages: the head tags and JSON-LD of every page, built in one place.
 *
 * React Router renders only the deepest route's `meta`, so each public page returns its COMPLETE head from
 * `pageMeta()`: title, description, keywords, canonical, robots, Open Graph and Twitter tags, and its JSON-LD
 * blocks as `script:ld+json` descriptors. Site-wide facts (base URL, site title, description, keywords, Open
 * Graph image) come from the root loader, found through `matches`. The Organization JSON-LD is not repeated per
 * page: the site layout renders it once in the body (see `<JsonLd>` in app/components/site/json-ld.tsx).
 *
 * Usage in a route module:
 *
 *   import { pageMeta, siteInfo } from "~/lib/seo";
 *   import { breadcrumbJsonLd, faqPageJsonLd } from "~/lib/structured-data";
 *
 *   export const meta: Route.MetaFunction = ({ matches }) => {
 *     const site = siteInfo(matches);
 *     return pageMeta(site, {
 *       title: "Pricing",                       // becomes "Pricing | <Site title>"; `fullTitle` for the home page
 *       description: "Plans for every team…",   // optional: defaults to the site description setting
 *       path: "/pricing",                       // canonical path, without query string
 *       jsonLd: [
 *         faqPageJsonLd(faqs),                  // [{ question, answer }]
 *         breadcrumbJsonLd(site, [{ name: "Home", path: "/" }, { name: "Pricing", path: "/pricing" }]),
 *       ],
 *     });
 *   };
 *
 * Articles pass `type: "article"`, `image` (their featured image) and `article` (dates, author, tags). Error and
 * not-found states pass `noindex: true`. The JSON-LD builders live in app/lib/structured-data.ts. All of it is
 * pure and runs on both server and client.
 */
import type { MetaDescriptor } from "react-router";
import { BRAND_SUFFIX } from "~/lib/brand";
import { isoDate } from "~/lib/dates";
import { META_DESCRIPTION_LIMIT } from "~/lib/limits";
import { SITE_HEAD_DEFAULTS } from "~/lib/site-defaults";

/** What every page's SEO needs from the root loader. */
export interface SiteInfo {
  /** Absolute origin without a trailing slash, e.g. https://asimov.example. */
  baseUrl: string;
  siteTitle: string;
  siteDescription: string;
  metaKeywords: string;
  /** Default Open Graph image (absolute or root-relative); "" when none. */
  ogImage: string;
  contactEmail: string;
  contactPhone: string;
  companyAddress: string;
}

type JsonLd = { [key: string]: JsonValue };
type JsonValue = string | number | boolean | null | JsonLd | JsonValue[];

export type { JsonLd };

const text = (value: unknown, fallback: string): string =>
  typeof value === "string" && value.trim() ? value : fallback;

/**
 * The site facts from the root route's loader data, found in a meta function's `matches` (falls back to the
 * setting defaults, so a page still gets a head when the root loader failed).
 */
export function siteInfo(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteInfo {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    | { baseUrl?: unknown; settings?: Record<string, unknown> }
    | undefined;
  return siteInfoFrom(root);
}

/** The site facts from the root loader's data (`{ baseUrl, settings }`), e.g. from useRouteLoaderData("root"). */
export function siteInfoFrom(
  root: { baseUrl?: unknown; settings?: Record<string, unknown> } | undefined,
): SiteInfo {
  const s = root?.settings ?? {};
  return {
    baseUrl: text(root?.baseUrl, "http://localhost:3000").replace(/\/+$/, ""),
    siteTitle: text(s.siteTitle, SITE_HEAD_DEFAULTS.siteTitle),
    siteDescription: text(s.siteDescription, SITE_HEAD_DEFAULTS.siteDescription),
    metaKeywords: text(s.metaKeywords, SITE_HEAD_DEFAULTS.metaKeywords),
    ogImage: text(s.ogImage, ""),
    contactEmail: text(s.contactEmail, ""),
    contactPhone: text(s.contactPhone, ""),
    companyAddress: text(s.companyAddress, ""),
  };
}

/** An absolute URL for a root-relative path or an already absolute URL. */
export function absoluteUrl(site: Pick<SiteInfo, "baseUrl">, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${site.baseUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Cuts text to the description limit at a word boundary, with an ellipsis. */
export function truncateDescription(value: string, limit = META_DESCRIPTION_LIMIT): string {
  const clean = value.replace(/\s+/g, " ").trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

interface PageSeo {
  /** The page's own title; " | <Site title>" is appended unless `fullTitle` is set. */
  title: string;
  /** Use `title` as the whole <title> (the home page uses the site title). */
  fullTitle?: boolean;
  /** Defaults to the site description setting; cut to 160 characters. */
  description?: string | null;
  /** Canonical path (no query string), e.g. "/blog/my-post". */
  path: string;
  /** Open Graph / Twitter image, absolute or root-relative; defaults to the site's Open Graph image. */
  image?: string | null;
  imageAlt?: string;
  /** Open Graph type; "article" for blog posts. */
  type?: "website" | "article";
  article?: {
    publishedTime?: Date | string | null;
    modifiedTime?: Date | string | null;
    author?: string | null;
    section?: string | null;
    tags?: readonly string[];
  };
  /** Keep the page out of search results (error and not-found states). */
  noindex?: boolean;
  /** Overrides the site's meta keywords. */
  keywords?: string;
  /** JSON-LD blocks for this page (Organization comes from the site layout). */
  jsonLd?: ReadonlyArray<JsonLd | null | undefined>;
}

/** The complete head of a page: every tag React Router's <Meta> renders for it. */
export function pageMeta(site: SiteInfo, page: PageSeo): MetaDescriptor[] {
  const title = page.fullTitle ? withSiteTitle(site, page.title) : `${page.title} | ${site.siteTitle}`;
  const description = truncateDescription(text(page.description, site.siteDescription));
  const url = absoluteUrl(site, page.path);
  const imageSource = text(page.image, site.ogImage);
  const image = imageSource ? absoluteUrl(site, imageSource) : undefined;
  const type = page.type ?? "website";

  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: page.keywords ?? site.metaKeywords },
    { tagName: "link", rel: "canonical", href: url },
    { name: "robots", content: page.noindex ? "noindex, follow" : "index, follow" },
    { property: "og:type", content: type },
    { property: "og:site_name", content: site.siteTitle },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
    if (page.imageAlt) {
      tags.push(
        { property: "og:image:alt", content: page.imageAlt },
        { name: "twitter:image:alt", content: page.imageAlt },
      );
    }
  }
  if (type === "article" && page.article) {
    const a = page.article;
    const published = isoDate(a.publishedTime);
    const modified = isoDate(a.modifiedTime);
    if (published) tags.push({ property: "article:published_time", content: published });
    if (modified) tags.push({ property: "article:modified_time", content: modified });
    if (a.author) tags.push({ property: "article:author", content: a.author });
    if (a.section) tags.push({ property: "article:section", content: a.section });
    for (const tag of a.tags ?? []) tags.push({ property: "article:tag", content: tag });
  }
  for (const block of page.jsonLd ?? []) {
    if (block) tags.push({ "script:ld+json": block });
  }
  return tags;
}

/**
 * A whole title written by an editor. The admin's meta-title helpers end it with the product name
 * (BRAND_SUFFIX); on the page that suffix stands for the brand, so it shows the Site title setting instead and an
 * edited site title reaches every page.
 */
export function withSiteTitle(site: Pick<SiteInfo, "siteTitle">, title: string): string {
  return title.endsWith(BRAND_SUFFIX) ? `${title.slice(0, -BRAND_SUFFIX.length)} | ${site.siteTitle}` : title;
}

/** A minimal head for error states (not found, failed loads): a title and noindex. */
export function errorMeta(site: SiteInfo, title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${site.siteTitle}` }, { name: "robots", content: "noindex" }];
}
