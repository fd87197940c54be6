import type { BlockEditorSpec } from "../fields";
import type { FormBlock } from "./schema";

/** The forms to choose from are the site's own: the page editor's loader fills the choice in (formChoices). */
export const formBlockEditor: BlockEditorSpec<FormBlock> = {
  label: "Form",
  description: "A form built under Forms: what it collects arrives in the inbox, naming this page.",
  fields: [
    { name: "formId", label: "Form", kind: "select", options: [] },
    { name: "heading", label: "Heading", kind: "text" },
    { name: "text", label: "Text", kind: "textarea" },
  ],
  create: () => ({ formId: "", heading: "", text: "" }),
};
