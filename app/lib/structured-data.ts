// JSON-LD builders (schema.org) for the public pages, and the escaping for an inline ld+json script. Pure: they
// run on the server and in the browser. Names of the publisher come from the Site title setting.
import { isoDate } from "./dates";
import { absoluteUrl, type JsonLd, type SiteInfo } from "./seo";

/** The company, for every page (rendered by the site layout). */
export function organizationJsonLd(site: SiteInfo, sameAs: readonly string[] = []): JsonLd {
  const org: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${site.baseUrl}/#organization`,
    name: site.siteTitle,
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

interface Crumb {
  name: string;
  path: string;
}

/** The trail from the home page (added here) through `crumbs` to this page. */
export function breadcrumbJsonLd(site: SiteInfo, crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...crumbs].map((crumb, i) => ({
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

interface ArticleFacts {
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
    publisher: { "@id": `${site.baseUrl}/#organization`, "@type": "Organization", name: site.siteTitle },
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

interface LessonFacts {
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
function isoDuration(minutes: number | undefined): string | undefined {
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
    provider: { "@type": "Organization", name: site.siteTitle, sameAs: `${site.baseUrl}/` },
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
