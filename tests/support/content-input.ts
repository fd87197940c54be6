// Blog post and academy item inputs for model tests, parsed by the admin forms' own schemas (so the model gets
// exactly what the forms would hand it).
import { academySchema, blogPostSchema } from "~/lib/content-schemas";
import { parseRequiredForm } from "~/lib/forms";

export function blogInput(values: Record<string, string>) {
  const result = parseRequiredForm(blogPostSchema, values, ["title", "slug"], "x");
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.data;
}

export function academyInput(values: Record<string, string>) {
  const result = parseRequiredForm(academySchema, values, ["title", "slug", "category"], "x");
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.data;
}
