// The site's head defaults: what the title, description and keywords settings start as, and what a page's head
// falls back to when a setting is blank. Apart from the other setting defaults (app/lib/settings.ts) because the
// public pages' browser code needs only these three.
export const SITE_HEAD_DEFAULTS = {
  siteTitle: "Asimov — The AI Revenue Platform",
  siteDescription:
    "Asimov is the intelligent revenue engine for AI companies: CRM pipeline, AI proposals, growth automation and revenue intelligence in one platform.",
  metaKeywords:
    "AI revenue platform, sales automation, CRM for AI companies, AI proposals, revenue intelligence",
} as const;
