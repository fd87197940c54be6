// How the active social links of the settings show on the public site (docs/product.md, Social links): each with
// the platform's name, an accessible name ("Asimov on LinkedIn") and an icon of the footer's sprite
// (app/components/site/social-icons.svg), the generic link icon for a platform it does not know. Used by the site
// layout's loader, so none of this reaches the browser's bundle.
import { PRODUCT_NAME } from "./brand";

/** The icons of the sprite; "link" is the fallback. */
const SOCIAL_ICONS = [
  "linkedin",
  "x",
  "facebook",
  "instagram",
  "youtube",
  "github",
  "tiktok",
  "threads",
  "mastodon",
  "bluesky",
  "link",
] as const;
type SocialIcon = (typeof SOCIAL_ICONS)[number];

const PLATFORMS: Record<string, { label: string; icon: SocialIcon }> = {
  linkedin: { label: "LinkedIn", icon: "linkedin" },
  twitter: { label: "X (Twitter)", icon: "x" },
  x: { label: "X", icon: "x" },
  facebook: { label: "Facebook", icon: "facebook" },
  instagram: { label: "Instagram", icon: "instagram" },
  youtube: { label: "YouTube", icon: "youtube" },
  github: { label: "GitHub", icon: "github" },
  tiktok: { label: "TikTok", icon: "tiktok" },
  threads: { label: "Threads", icon: "threads" },
  mastodon: { label: "Mastodon", icon: "mastodon" },
  bluesky: { label: "Bluesky", icon: "bluesky" },
};

export interface SiteSocialLink {
  url: string;
  /** "Asimov on LinkedIn": the link's accessible name. */
  name: string;
  icon: SocialIcon;
}

/** The links visitors see: active, with a URL, in the settings' order. */
export function siteSocialLinks(
  links: ReadonlyArray<{ platform: string; url: string; isActive: boolean }>,
): SiteSocialLink[] {
  return links
    .filter((link) => link.isActive && link.url.trim())
    .map((link) => {
      const key = link.platform.trim().toLowerCase();
      const known = PLATFORMS[key];
      const label = known?.label ?? (key ? key[0]?.toUpperCase() + key.slice(1) : "Website");
      return { url: link.url.trim(), name: `${PRODUCT_NAME} on ${label}`, icon: known?.icon ?? "link" };
    });
}
