import type { BlockEditorSpec } from "../fields";
import type { TestimonialsBlock } from "./schema";

export const testimonialsEditor: BlockEditorSpec<TestimonialsBlock> = {
  label: "Testimonials",
  description: "Quotes from customers, with their name, role and a star rating.",
  fields: [
    { name: "heading", label: "Heading", kind: "text" },
    {
      name: "items",
      label: "Testimonials",
      kind: "items",
      itemLabel: "Testimonial",
      fields: [
        { name: "quote", label: "Quote", kind: "textarea" },
        { name: "name", label: "Name", kind: "text" },
        { name: "role", label: "Role and company", kind: "text" },
        { name: "rating", label: "Stars", kind: "number", min: 1, max: 5 },
      ],
    },
  ],
  create: () => ({
    heading: "What our customers say",
    items: [{ quote: "A quote from a happy customer.", name: "A customer", role: "Their role", rating: 5 }],
  }),
};
