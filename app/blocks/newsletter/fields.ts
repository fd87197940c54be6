import type { BlockEditorSpec } from "../fields";
import type { NewsletterBlock } from "./schema";

export const newsletterEditor: BlockEditorSpec<NewsletterBlock> = {
  label: "Newsletter signup",
  description: "The newsletter form (shown while newsletters are on in the settings).",
  fields: [
    { name: "heading", label: "Heading", kind: "text" },
    { name: "text", label: "Text", kind: "textarea" },
  ],
  create: () => ({ heading: "Get product news and revenue playbooks", text: "" }),
};
