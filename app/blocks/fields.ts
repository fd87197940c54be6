// How the page editor shows a block's fields: plain data (browser-safe), one list per block type in its folder's
// fields.ts. The editor builds its panel from these; the block's zod schema stays the authority on save.

export interface FieldOption {
  value: string;
  label: string;
}

export type FieldSpec =
  | { name: string; label: string; kind: "text" | "textarea" | "href" | "media"; hint?: string }
  | { name: string; label: string; kind: "number"; min: number; max: number }
  | { name: string; label: string; kind: "boolean"; hint?: string }
  | { name: string; label: string; kind: "select"; options: readonly FieldOption[] }
  /** Several of a few options, ticked: the values of those ticked, as a list. */
  | { name: string; label: string; kind: "choices"; options: readonly FieldOption[]; hint?: string }
  /** A list of strings, one per line. */
  | { name: string; label: string; kind: "lines"; hint?: string }
  /** The rich text block's body: the site's text blocks, edited as text (blank line between paragraphs). */
  | { name: string; label: string; kind: "richtext" }
  /** A list of objects, each with its own fields. */
  | { name: string; label: string; kind: "items"; itemLabel: string; fields: readonly FieldSpec[] };

export interface BlockEditorSpec<T> {
  label: string;
  description: string;
  fields: readonly FieldSpec[];
  /** The content a new block of this type starts with. */
  create: () => Omit<T, "id" | "type">;
}

const ACTION_OPTIONS: readonly FieldOption[] = [
  { value: "link", label: "Go to a link" },
  { value: "signup", label: "Open the product sign-up page" },
  { value: "demo", label: "Open the demo dialog" },
];

/** A list of buttons (hero, call-to-action band): each a label and what it does, a link or a dialog. */
export const actionsField = (label: string): FieldSpec => ({
  name: "actions",
  label,
  kind: "items",
  itemLabel: "Button",
  fields: [
    { name: "label", label: "Label", kind: "text" },
    { name: "kind", label: "Does", kind: "select", options: ACTION_OPTIONS },
    { name: "href", label: "Link", kind: "href" },
  ],
});
