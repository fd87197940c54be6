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
 *   import { breadcrumbJsonLd, faqPageJsonLd, pageMeta, siteInfo } from "~/lib/seo";
 *
 *   export const meta: Route.MetaFunction = ({ matches }) => {
 *     const site = siteInfo(matches);
 *     return pageMeta(site, {
 *       title: "Pricing",                       // becomes "Pricing | Asimov"; use `fullTitle` for the home page
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
 * not-found states pass `noindex: true`. All builders here are pure and run on both server and client.
 */
import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME } from "~/lib/brand";
import { SETTING_DEFAULTS } from "~/lib/settings";

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

/** Search engines show about this many characters of a description. */
export const DESCRIPTION_LIMIT = 160;

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
    siteTitle: text(s.siteTitle, SETTING_DEFAULTS.siteTitle),
    siteDescription: text(s.siteDescription, SETTING_DEFAULTS.siteDescription),
    metaKeywords: text(s.metaKeywords, SETTING_DEFAULTS.metaKeywords),
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
export function truncateDescription(value: string, limit = DESCRIPTION_LIMIT): string {
  const clean = value.replace(/\s+/g, " ").trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

const isoDate = (value: Date | string | null | undefined): string | undefined => {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

export interface PageSeo {
  /** The page's own title; " | Asimov" is appended unless `fullTitle` is set. */
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
  const title = page.fullTitle ? page.title : `${page.title} | ${PRODUCT_NAME}`;
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

/** A minimal head for error states (not found, failed loads): a title and noindex. */
export function errorMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

// ------------------------------------------------------------------------------------------------------------
// JSON-LD builders (schema.org)
// ------------------------------------------------------------------------------------------------------------

/** The company, for every page (rendered by the site layout). */
export function organizationJsonLd(site: SiteInfo, sameAs: readonly string[] = []): JsonLd {
  const org: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${site.baseUrl}/#organization`,
    name: PRODUCT_NAME,
    url: `${site.baseUrl}/`,
    logo: absoluteUrl(site, "/favicon.svg"),
    description: site.siteDescription,
  };
  if (site.contactEmail || site.contactPhone) {
    const point: JsonLd = { "@type": "ContactPoint", contactType: "sales" };
    if (site.contactEmail) point.email = site.contactEmail;
    if (site.contactPhone) point.telephone = site.contactPhone;
    org.contactPoint = point;
  }
  if (site.companyAddress) org.address = { "@type": "PostalAddress", streetAddress: site.companyAddress };
  if (sameAs.length) org.sameAs = [...sameAs];
  return org;
}

/** The site itself (for the home page). */
export function websiteJsonLd(site: SiteInfo): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${site.baseUrl}/#website`,
    name: site.siteTitle,
    url: `${site.baseUrl}/`,
    description: site.siteDescription,
    publisher: { "@id": `${site.baseUrl}/#organization` },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

/** The trail from the home page to this page. */
export function breadcrumbJsonLd(site: SiteInfo, crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(site, crumb.path),
    })),
  };
}

/** Questions and answers (the pricing page's FAQ). */
export function faqPageJsonLd(items: ReadonlyArray<{ question: string; answer: string }>): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export interface ArticleFacts {
  title: string;
  description?: string | null;
  path: string;
  image?: string | null;
  author?: string | null;
  publishedAt?: Date | string | null;
  updatedAt?: Date | string | null;
  category?: string | null;
  tags?: readonly string[];
}

/** A blog article. */
export function blogPostingJsonLd(site: SiteInfo, post: ArticleFacts): JsonLd {
  const url = absoluteUrl(site, post.path);
  const ld: JsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    mainEntityOfPage: url,
    url,
    headline: post.title.slice(0, 110),
    author: { "@type": "Person", name: post.author || "Admin" },
    publisher: { "@id": `${site.baseUrl}/#organization`, "@type": "Organization", name: PRODUCT_NAME },
  };
  if (post.description) ld.description = post.description;
  if (post.image) ld.image = absoluteUrl(site, post.image);
  const published = isoDate(post.publishedAt);
  const modified = isoDate(post.updatedAt);
  if (published) ld.datePublished = published;
  if (modified ?? published) ld.dateModified = (modified ?? published) as string;
  if (post.category) ld.articleSection = post.category;
  if (post.tags?.length) ld.keywords = post.tags.join(", ");
  return ld;
}

export interface LessonFacts {
  title: string;
  description?: string | null;
  path: string;
  image?: string | null;
  author?: string | null;
  category?: string | null;
  difficulty?: string | null;
  durationMinutes?: number;
  tags?: readonly string[];
  publishedAt?: Date | string | null;
  /** A video file or embed URL: makes the item a VideoObject. */
  videoUrl?: string | null;
  /** True when `videoUrl` is an embed (YouTube, Vimeo) rather than a file. */
  videoIsEmbed?: boolean;
}

/** ISO 8601 duration for whole minutes, e.g. PT12M. */
export function isoDuration(minutes: number | undefined): string | undefined {
  return minutes && minutes > 0 ? `PT${Math.trunc(minutes)}M` : undefined;
}

/** An academy item with a video: a VideoObject (Google needs a thumbnail and an upload date). */
export function videoObjectJsonLd(site: SiteInfo, item: LessonFacts): JsonLd {
  const url = absoluteUrl(site, item.path);
  const ld: JsonLd = {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    "@id": `${url}#video`,
    name: item.title,
    description: item.description || item.title,
    url,
    thumbnailUrl: absoluteUrl(site, item.image || site.ogImage || "/favicon.svg"),
    publisher: { "@id": `${site.baseUrl}/#organization` },
  };
  const uploaded = isoDate(item.publishedAt);
  if (uploaded) ld.uploadDate = uploaded;
  const duration = isoDuration(item.durationMinutes);
  if (duration) ld.duration = duration;
  if (item.videoUrl) {
    if (item.videoIsEmbed) ld.embedUrl = item.videoUrl;
    else ld.contentUrl = absoluteUrl(site, item.videoUrl);
  }
  if (item.tags?.length) ld.keywords = item.tags.join(", ");
  return ld;
}

/** An academy item as a free, self-paced Course. */
export function courseJsonLd(site: SiteInfo, item: LessonFacts): JsonLd {
  const url = absoluteUrl(site, item.path);
  const ld: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Course",
    "@id": `${url}#course`,
    name: item.title,
    description: item.description || item.title,
    url,
    provider: { "@type": "Organization", name: PRODUCT_NAME, sameAs: `${site.baseUrl}/` },
    isAccessibleForFree: true,
    offers: { "@type": "Offer", category: "Free", price: 0, priceCurrency: "USD" },
    hasCourseInstance: {
      "@type": "CourseInstance",
      courseMode: "online",
      courseWorkload: isoDuration(item.durationMinutes) ?? "PT0M",
    },
  };
  if (item.image) ld.image = absoluteUrl(site, item.image);
  if (item.difficulty) ld.educationalLevel = item.difficulty;
  if (item.category) ld.about = item.category;
  if (item.author) ld.author = { "@type": "Person", name: item.author };
  if (item.tags?.length) ld.keywords = item.tags.join(", ");
  return ld;
}

/** JSON for an inline <script type="application/ld+json">: "<" escaped so the text cannot close the tag. */
export function jsonLdString(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
