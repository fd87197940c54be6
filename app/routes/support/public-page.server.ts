// A page built from blocks as its loader hands it to the browser, for the public page and its preview alike.
import type { RouterContextProvider } from "react-router";
import { publicBlocks, staticMarkupContext } from "~/blocks/static-html.server";
import { env } from "~/env.server";
import { faqPageJsonLd } from "~/lib/structured-data";
import { siteFormTexts } from "~/models/builtin-forms.server";
import type { PublicPage } from "~/models/pages.server";
import { getSettings } from "~/models/settings.server";
import type { ShownPage } from "./public-page";

export async function shownPage(
  page: PublicPage,
  context: Readonly<RouterContextProvider>,
): Promise<ShownPage> {
  const [settings, forms] = await Promise.all([getSettings(), siteFormTexts()]);
  const { blocks, data: blockData, ...head } = page;
  // The site's own forms' texts travel as data: the demo dialog's on every page, the contact form's only where a
  // block shows it (the newsletter's come with the root's data).
  const site = {
    signupUrl: env().productSignupUrl,
    newsletterEnabled: settings.newsletterEnabled,
    dialog: forms.dialog,
    ...(blocks.some((block) => block.type === "contact-form") ? { contact: forms.contact } : {}),
  };
  // Built here, on the server, so the JSON-LD builders stay out of the browser's first load (ADR 011).
  const faq = blocks.flatMap((block) => (block.type === "faq" ? block.items : []));
  return {
    page: {
      ...head,
      blocks: publicBlocks(blocks, blockData, site, context.get(staticMarkupContext)),
      showcase: blockData.showcase,
      site,
    },
    jsonLd: faq.length > 0 ? [faqPageJsonLd(faq)] : [],
  };
}
