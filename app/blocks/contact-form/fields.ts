import type { BlockEditorSpec } from "../fields";
import type { ContactFormBlock } from "./schema";

export const contactFormEditor: BlockEditorSpec<ContactFormBlock> = {
  label: "Contact form",
  description: "The site's contact form; its leads carry this page in their attribution.",
  fields: [
    { name: "heading", label: "Heading", kind: "text" },
    { name: "text", label: "Text", kind: "textarea" },
  ],
  create: () => ({ heading: "Talk to us", text: "" }),
};
