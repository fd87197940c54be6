// Admin form input for model tests: the values a form would post, parsed by the form's own schema (Publish at in
// UTC), so a test writes exactly what the admin screen would.
import { academySchema, blogPostSchema } from "~/lib/content-schemas";
import { parseRequiredForm } from "~/lib/forms";

export function blogInput(values: Record<string, string>) {
  const result = parseRequiredForm(blogPostSchema, values, ["title", "slug"], "missing");
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.data;
}

export function academyInput(values: Record<string, string>) {
  const result = parseRequiredForm(academySchema, values, ["title", "slug", "category"], "missing");
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.data;
}
