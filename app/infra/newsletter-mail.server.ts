// A newsletter as e-mail (docs/decisions/035-email-markup.md): MJML turns the blocks into the table layout with
// inline styles mail clients render, once per send; each recipient's copy only fills in its own links. A
// plain-text part goes with every message.

import { escapeHtml } from "~/infra/mail.server";
import type { RichBlock } from "~/lib/content";

export interface NewsletterContent {
  subject: string;
  preheader: string;
  blocks: RichBlock[];
  /** "Read on the site" button (a newsletter made from a blog post). */
  readMoreUrl?: string | null;
  siteTitle: string;
  siteUrl: string;
  /** The company address shown in the footer (mailbox providers and the law ask for one). */
  address: string;
}

/** What is personal in each copy, filled in by `personalize`. */
export const PLACEHOLDER = {
  unsubscribe: "%%UNSUBSCRIBE_URL%%",
  open: "%%OPEN_URL%%",
  link: (i: number) => `%%LINK_${i}%%`,
} as const;

export interface NewsletterTemplate {
  html: string;
  text: string;
  /** The links of the message in order; `%%LINK_i%%` stands for the i-th. */
  links: string[];
}

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:!?]/g;

/** Escapes text and turns its URLs into placeholders for the tracked or plain link (added to `links`). */
function linked(text: string, links: string[]): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    out += escapeHtml(text.slice(last, index));
    links.push(match[0]);
    out += `<a href="${PLACEHOLDER.link(links.length - 1)}" style="color:#4f46e5">${escapeHtml(match[0])}</a>`;
    last = index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

function blockMarkup(block: RichBlock, links: string[]): string {
  switch (block.type) {
    case "header": {
      const size = block.data.level <= 1 ? 26 : block.data.level === 2 ? 22 : 18;
      return `<mj-text font-size="${size}px" font-weight="700" line-height="1.3" padding-top="16px">${linked(block.data.text, links)}</mj-text>`;
    }
    case "paragraph":
      return `<mj-text>${linked(block.data.text, links)}</mj-text>`;
    case "list": {
      const tag = block.data.style === "ordered" ? "ol" : "ul";
      const items = block.data.items.map((item) => `<li>${linked(item, links)}</li>`).join("");
      return `<mj-text><${tag} style="margin:0;padding-left:20px">${items}</${tag}></mj-text>`;
    }
    case "quote":
      return `<mj-text padding-left="40px" font-style="italic" color="#475569">${linked(block.data.text, links)}${
        block.data.caption ? `<br />— ${escapeHtml(block.data.caption)}` : ""
      }</mj-text>`;
    default:
      return "";
  }
}

function textPart(content: NewsletterContent, links: string[]): string {
  let n = 0;
  const withLinks = (text: string) => text.replace(URL_PATTERN, () => PLACEHOLDER.link(n++));
  const blocks = content.blocks.map((block) => {
    switch (block.type) {
      case "header":
      case "paragraph":
        return withLinks(block.data.text);
      case "list":
        return block.data.items
          .map((item, i) => `${block.data.style === "ordered" ? `${i + 1}.` : "-"} ${withLinks(item)}`)
          .join("\n");
      case "quote":
        return `> ${withLinks(block.data.text)}`;
      default:
        return "";
    }
  });
  if (content.readMoreUrl) blocks.push(`Read it on our site: ${PLACEHOLDER.link(links.length - 1)}`);
  return [
    ...blocks.filter(Boolean),
    "--",
    content.siteTitle,
    content.address,
    `You receive this because you subscribed at ${content.siteUrl}.`,
    `Unsubscribe: ${PLACEHOLDER.unsubscribe}`,
  ].join("\n\n");
}

/** Renders the message once: HTML (MJML), plain text, and its links. */
export async function renderNewsletter(
  content: NewsletterContent,
  withOpenPixel: boolean,
): Promise<NewsletterTemplate> {
  const links: string[] = [];
  const body = content.blocks.map((block) => blockMarkup(block, links)).join("\n");
  if (content.readMoreUrl) links.push(content.readMoreUrl);
  const button = content.readMoreUrl
    ? `<mj-button href="${PLACEHOLDER.link(links.length - 1)}" background-color="#4f46e5" color="#ffffff" border-radius="6px">Read it on our site</mj-button>`
    : "";
  const pixel = withOpenPixel
    ? `<mj-raw><img src="${PLACEHOLDER.open}" width="1" height="1" alt="" style="display:block;border:0" /></mj-raw>`
    : "";
  const source = `<mjml lang="en">
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    <mj-preview>${escapeHtml(content.preheader)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="1.6" color="#0f172a" />
    </mj-attributes>
    <mj-raw><meta name="color-scheme" content="light dark" /><meta name="supported-color-schemes" content="light dark" /></mj-raw>
    <mj-style>
      @media (prefers-color-scheme: dark) {
        .nl-body, .nl-body div, .nl-card, .nl-card table { background-color: #0f172a !important; }
        .nl-card div, .nl-card td, .nl-foot div { color: #e2e8f0 !important; }
        .nl-card a, .nl-foot a { color: #a5b4fc !important; }
      }
    </mj-style>
  </mj-head>
  <mj-body background-color="#f1f5f9" css-class="nl-body" width="600px">
    <mj-section padding="24px 0 8px"><mj-column>
      <mj-text align="center" font-size="14px" font-weight="700" color="#4f46e5">${escapeHtml(content.siteTitle)}</mj-text>
    </mj-column></mj-section>
    <mj-section background-color="#ffffff" css-class="nl-card" padding="24px 8px" border-radius="8px"><mj-column>
      <mj-text font-size="24px" font-weight="700" line-height="1.3">${escapeHtml(content.subject)}</mj-text>
      ${body}
      ${button}
    </mj-column></mj-section>
    <mj-section css-class="nl-foot" padding="16px 0 32px"><mj-column>
      <mj-text align="center" font-size="12px" line-height="1.5" color="#64748b">
        ${escapeHtml(content.address)}<br />
        You receive this because you subscribed at ${escapeHtml(content.siteUrl)}.<br />
        <a href="${PLACEHOLDER.unsubscribe}" style="color:#4f46e5">Unsubscribe</a>
      </mj-text>
      ${pixel}
    </mj-column></mj-section>
  </mj-body>
</mjml>`;
  // Loaded on the first send or preview: most processes never render a newsletter, and start-up should not pay.
  const { default: mjml2html } = await import("mjml");
  const result = await mjml2html(source, { validationLevel: "soft" });
  return { html: result.html, text: textPart(content, links), links };
}

/** One recipient's copy: its unsubscribe, link and open addresses in place of the placeholders. */
export function personalize(
  template: string,
  urls: { unsubscribe: string; open: string; link: (i: number) => string },
  html: boolean,
): string {
  const put = (value: string) => (html ? escapeHtml(value) : value);
  return template.replace(/%%(UNSUBSCRIBE_URL|OPEN_URL|LINK_(\d+))%%/g, (_m, what: string, i?: string) =>
    put(
      what === "UNSUBSCRIBE_URL" ? urls.unsubscribe : what === "OPEN_URL" ? urls.open : urls.link(Number(i)),
    ),
  );
}
