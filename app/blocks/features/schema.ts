import { z } from "zod";
import { blockBase, list, optionalText, text } from "../common";
import { BLOCK_ICON_NAMES } from "../icons";

export const featuresSchema = z.object({
  ...blockBase,
  type: z.literal("features"),
  /** The section's anchor (`/#features`): letters, digits and dashes. */
  anchor: optionalText(40, "The anchor").refine(
    (value) => value === "" || /^[a-z][a-z0-9-]*$/.test(value),
    "Use lower-case letters, digits and dashes.",
  ),
  heading: text(160, "The heading"),
  intro: optionalText(400, "The introduction"),
  items: list(
    z.object({
      icon: z.enum(BLOCK_ICON_NAMES as [string, ...string[]], { error: "Choose an icon from the list." }),
      title: text(80, "The title"),
      text: text(400, "The text"),
    }),
    16,
    1,
    "features",
  ),
  extrasHeading: optionalText(120, "The list's heading"),
  extras: list(text(120, "An item"), 24, 0, "items"),
});

export type FeaturesBlock = z.output<typeof featuresSchema>;
