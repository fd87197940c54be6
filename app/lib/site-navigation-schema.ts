// The navigation editor's rules (zod: server and back office): labels and titles required and short, links as
// blocks' links are (site paths, http(s), mailto:, tel:), at most 8 header links and 5 footer columns.
import { z } from "zod";
import { href, list, text } from "~/blocks/common";
import type { FieldSpec } from "~/blocks/fields";
import type { SiteNavigation } from "./site-navigation";

const link = z.object({ label: text(40, "The label"), href });

export const navigationSchema: z.ZodType<SiteNavigation, unknown> = z.object({
  header: list(link, 8, 1, "header links"),
  footer: list(
    z.object({ title: text(40, "The title"), links: list(link, 10, 0, "links") }),
    5,
    0,
    "columns",
  ),
});

/** The editor's fields (the page editor's field panel serves here too). */
export const NAVIGATION_FIELDS: readonly FieldSpec[] = [
  {
    name: "header",
    label: "Header menu",
    kind: "items",
    itemLabel: "Menu link",
    fields: [
      { name: "label", label: "Label", kind: "text" },
      { name: "href", label: "Page or address", kind: "href" },
    ],
  },
  {
    name: "footer",
    label: "Footer columns",
    kind: "items",
    itemLabel: "Column",
    fields: [
      { name: "title", label: "Title", kind: "text" },
      {
        name: "links",
        label: "Links",
        kind: "items",
        itemLabel: "Link",
        fields: [
          { name: "label", label: "Label", kind: "text" },
          { name: "href", label: "Page or address", kind: "href" },
        ],
      },
    ],
  },
];
