// The forms part of the content API's OpenAPI document (app/lib/content-api-openapi.ts): the paths under /forms and
// their schemas, made from the schemas the server reads and answers with (app/lib/content-api-forms.ts).
import { FORM_SUBMISSIONS_PERMISSION } from "./api-keys";
import { apiFormSchema, formSubmissionSchema, formSubmittedSchema } from "./content-api-forms";
import {
  COMMON_ERRORS,
  errorResponse,
  jsonContent,
  jsonSchemaOf,
  ref,
  single,
} from "./content-api-openapi-parts";
import { MAX_BODY_BYTES } from "./content-api-schemas";

export const FORMS_TAG = {
  name: "forms",
  description:
    "Forms built in the back office: their public definition, and submissions sent on a person's behalf, which " +
    "become leads like those sent from the site.",
};

const READ_ERRORS = {
  ...COMMON_ERRORS,
  "403": errorResponse("The key is deactivated, or has neither content_management nor form_submissions."),
  "405": errorResponse("Method not allowed. The Allow header lists the methods.", {
    Allow: { schema: { type: "string" }, description: "GET, HEAD" },
  }),
};

const idParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The form's id.",
  schema: { type: "string" },
};

export const FORM_PATHS = {
  "/forms": {
    get: {
      operationId: "listForms",
      summary: "List the forms that are not drafts, by name",
      tags: ["forms"],
      responses: {
        "200": {
          description: "Each open or closed form with its fields and whether it takes submissions now.",
          content: jsonContent(ref("FormList")),
        },
        ...READ_ERRORS,
      },
    },
  },
  "/forms/{id}": {
    parameters: [idParameter],
    get: {
      operationId: "getForm",
      summary: "Get one form's public definition",
      description:
        "Its fields (with their rules and conditions), button label, what happens after sending, and whether it " +
        "takes submissions now. Where its submissions go, how long they are kept and which e-mail domains it " +
        "refuses are never part of it.",
      tags: ["forms"],
      responses: {
        "200": { description: "The form.", content: jsonContent(ref("FormSingle")) },
        ...READ_ERRORS,
        "404": errorResponse("No form has this id, or it is a draft."),
      },
    },
  },
  "/forms/{id}/submissions": {
    parameters: [idParameter],
    post: {
      operationId: "submitForm",
      summary: "Send a person's answers to a form",
      description:
        "Checked with the form's own rules, exactly as a submission from the site, and stored as a lead in the " +
        "inbox (its section says it came through the API and with which key), with the alerts, confirmation, " +
        `newsletter consent and webhooks the form sets off. Needs the ${FORM_SUBMISSIONS_PERMISSION} ` +
        "permission. Limited per key, not per address.",
      tags: ["forms"],
      requestBody: { required: true, content: jsonContent(ref("FormSubmission")) },
      responses: {
        "201": {
          description: "Stored. What the person should read next, or where the form sends them.",
          content: jsonContent(ref("FormSubmittedSingle")),
        },
        "400": errorResponse(
          "Invalid JSON, or answers the form refuses: `error.fields` has the form's message for each, keyed " +
            "`values.<field name>` (e.g. `values.work_email`). Nothing was stored.",
        ),
        ...COMMON_ERRORS,
        "403": errorResponse(
          `The key is deactivated or lacks the ${FORM_SUBMISSIONS_PERMISSION} permission.`,
        ),
        "404": errorResponse("No form has this id, or it is a draft."),
        "405": errorResponse("Method not allowed. The Allow header lists the methods.", {
          Allow: { schema: { type: "string" }, description: "POST" },
        }),
        "409": errorResponse(
          "The form takes no submissions now (closed, before its opening or after its closing time, or full); " +
            "the message is the form's closed message.",
        ),
        "413": errorResponse(`The body is larger than ${MAX_BODY_BYTES} bytes.`),
        "415": errorResponse("The body is not application/json."),
        "429": errorResponse("Too many requests or submissions with this key.", {
          "Retry-After": {
            schema: { type: "integer", minimum: 1 },
            description: "Seconds until the limit resets.",
          },
        }),
      },
    },
  },
};

export const FORM_SCHEMAS = {
  Form: jsonSchemaOf(apiFormSchema, "output"),
  FormSingle: single("Form"),
  FormList: {
    type: "object",
    properties: { data: { type: "array", items: ref("Form") } },
    required: ["data"],
  },
  FormSubmission: jsonSchemaOf(formSubmissionSchema, "input"),
  FormSubmitted: jsonSchemaOf(formSubmittedSchema, "output"),
  FormSubmittedSingle: single("FormSubmitted"),
};
