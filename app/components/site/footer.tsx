import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { PRODUCT_NAME } from "~/lib/brand";
import type { SiteSocialLink } from "~/lib/social-links";
import type { loader as rootLoader } from "~/root";
import { CookieSettingsButton } from "./consent";
import { Logo } from "./logo";
import { NewsletterForm } from "./newsletter-form";
import { SocialLinks } from "./social-links";

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-1 text-sm">{children}</ul>
    </div>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className="inline-flex min-h-8 items-center text-slate-300 hover:text-white">
        {children}
      </Link>
    </li>
  );
}

export function Footer({
  blogEnabled,
  socialLinks = [],
  children,
}: {
  blogEnabled: boolean;
  /** The active social links of the settings (docs/product.md, Social links). */
  socialLinks?: readonly SiteSocialLink[];
  children?: ReactNode;
}) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const newsletterEnabled = root?.settings.newsletterEnabled ?? false;
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <Logo inverted />
          <p className="mt-4 max-w-xs text-sm leading-6 text-slate-300">
            The intelligent revenue engine for AI companies.
          </p>
          <SocialLinks links={socialLinks} />
          {children}
          {newsletterEnabled ? <NewsletterForm /> : null}
        </div>
        <Column title="Product">
          <FooterLink to="/">Features</FooterLink>
          <FooterLink to="/pricing">Pricing</FooterLink>
          <FooterLink to="/academy">Academy</FooterLink>
        </Column>
        <Column title="Resources">
          {blogEnabled ? <FooterLink to="/blog">Blog</FooterLink> : null}
          <FooterLink to="/contact">Support</FooterLink>
        </Column>
        <Column title="Company">
          <FooterLink to="/contact">Contact</FooterLink>
        </Column>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          <p>© 2024 {PRODUCT_NAME}. All rights reserved.</p>
          <CookieSettingsButton className="inline-flex min-h-8 items-center text-slate-300 underline hover:text-white" />
        </div>
      </div>
    </footer>
  );
}
