// The site's header menu and footer columns as data (browser-safe): their shape, the defaults that reproduce the
// original header and footer, and the rule that hides blog links while the blog is off. Edited on the Pages
// screen; stored as one setting (app/models/site-navigation.server.ts).

export interface NavLinkItem {
  label: string;
  href: string;
}

export interface FooterColumn {
  title: string;
  links: NavLinkItem[];
}

export interface SiteNavigation {
  header: NavLinkItem[];
  footer: FooterColumn[];
}

export const DEFAULT_NAVIGATION: SiteNavigation = {
  header: [
    { label: "Home", href: "/" },
    { label: "Blog", href: "/blog" },
    { label: "Academy", href: "/academy" },
    { label: "Pricing", href: "/pricing" },
    { label: "Contact", href: "/contact" },
  ],
  footer: [
    {
      title: "Product",
      links: [
        { label: "Features", href: "/" },
        { label: "Pricing", href: "/pricing" },
        { label: "Academy", href: "/academy" },
      ],
    },
    {
      title: "Resources",
      links: [
        { label: "Blog", href: "/blog" },
        { label: "Support", href: "/contact" },
      ],
    },
    { title: "Company", links: [{ label: "Contact", href: "/contact" }] },
  ],
};

const isBlogLink = (link: NavLinkItem) => link.href === "/blog" || link.href.startsWith("/blog/");

/** What visitors see: links into the blog are left out while the blog is off. */
export function visibleNavigation(
  nav: SiteNavigation,
  { blogEnabled }: { blogEnabled: boolean },
): SiteNavigation {
  if (blogEnabled) return nav;
  return {
    header: nav.header.filter((link) => !isBlogLink(link)),
    footer: nav.footer.map((column) => ({
      ...column,
      links: column.links.filter((link) => !isBlogLink(link)),
    })),
  };
}
