// The content API's forms (/functions/v1/content-api/forms; docs/product.md, Content API): what a read answers — a
// form's public definition, as a visitor's page has it, never where its submissions go, how long they are kept or
// which domains it refuses — and what a submission sends. The server validates submissions with these schemas and
// the OpenAPI document is made from them (app/lib/content-api-openapi-forms.ts). Browser-safe.
import { z } from "zod";
import { CONDITION_OPERATORS, FIELD_TYPES, FORM_STATUSES, HIDDEN_SOURCES } from "./form-builder/definition";

// Requests

/** One answer as JSON may carry it: text, a number, a ticked (true) or unticked (false) box, ticked values, none. */
const answerSchema = z
  .union([z.string(), z.number(), z.boolean(), z.array(z.string()).max(100), z.null()])
  .meta({
    description:
      "Text for most fields (a date as YYYY-MM-DD, a choice as its option's value); a number for a number field; " +
      "true or false for a consent box; a list of option values for checkboxes. Checked by the form's own rules.",
  });

/** Where the submission was made, as the sender knows it (each at most 500 characters; longer is cut). */
const attributionSchema = z
  .object({
    source_page: z.string(),
    referrer: z.string(),
    landing_page: z.string(),
    utm_source: z.string(),
    utm_medium: z.string(),
    utm_campaign: z.string(),
    utm_term: z.string(),
    utm_content: z.string(),
  })
  .partial()
  .meta({
    description:
      "Optional: where the person was when they filled the form in. Stored with the lead and used by the " +
      "form's hidden fields (a UTM value, the referrer, the landing page, the page or one of its URL parameters).",
  });

export const formSubmissionSchema = z
  .object({
    values: z
      .record(z.string().max(100), answerSchema)
      .refine((values) => Object.keys(values).length <= 200, "At most 200 answers")
      .meta({
        description:
          "The answers by field name (a field's `name`). Fields a condition hides, hidden fields and names the " +
          "form does not have are ignored.",
      }),
    attribution: attributionSchema.optional(),
  })
  .meta({ title: "FormSubmission" });

export type FormSubmissionJson = z.output<typeof formSubmissionSchema>;

// Responses

const conditionSchema = z.object({
  field: z.string(),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.string().optional(),
});

/** A field as the form defines it; a kind of field may carry settings of its own besides these. */
const formFieldSchema = z
  .looseObject({
    name: z.string().meta({ description: "The answer's key in `values`." }),
    type: z.enum(FIELD_TYPES).meta({ description: "`step` is no field: it starts the next step." }),
    label: z.string(),
    help: z.string().optional(),
    placeholder: z.string().optional(),
    required: z.boolean().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    pattern: z.string().optional(),
    patternMessage: z.string().optional(),
    options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
    businessOnly: z.boolean().optional(),
    linkUrl: z.string().optional(),
    linkLabel: z.string().optional(),
    newsletter: z.boolean().optional(),
    source: z.enum(HIDDEN_SOURCES).optional(),
    parameter: z.string().optional(),
    width: z.enum(["full", "half"]).optional(),
    showWhen: conditionSchema.optional(),
    requireWhen: conditionSchema.optional(),
  })
  .meta({ title: "FormField" });

const timestamp = z.iso.datetime();

export const apiFormSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: z.enum(FORM_STATUSES.filter((s) => s !== "draft") as ["open", "closed"]),
    accepting_submissions: z.boolean().meta({
      description: "Open, inside its opening and closing times, and not full: a submission now is taken.",
    }),
    opens_at: timestamp.nullable(),
    closes_at: timestamp.nullable(),
    full: z.boolean().meta({ description: "It has taken the most submissions it takes." }),
    closed_message: z.string().meta({ description: "What visitors read while it takes no submissions." }),
    fields: z.array(formFieldSchema),
    submit_label: z.string(),
    success: z
      .discriminatedUnion("kind", [
        z.object({ kind: z.literal("message"), message: z.string() }),
        z.object({ kind: z.literal("redirect"), to: z.string() }),
      ])
      .meta({ description: "After sending: a message (`{name}` puts in an answer) or a page to go to." }),
  })
  .meta({ title: "Form" });

export type ApiFormJson = z.output<typeof apiFormSchema>;

export const formSubmittedSchema = z
  .object({
    message: z.string().optional().meta({ description: "The form's success message, its answers put in." }),
    redirect: z.string().optional().meta({ description: "The page the form sends people to instead." }),
  })
  .meta({ title: "FormSubmitted" });
