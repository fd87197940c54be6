// The form editor's field list: a new field's key follows its label until the member sets one, the conditions that
// name a key follow it, and the saved form carries no editor state and no blank settings.
import { describe, expect, it } from "vitest";
import { FIELD_PALETTE, fieldChanged, keyFromLabel, savedFields, settingsOf } from "./form-field-specs";

const fresh = (type: string, id: string): Record<string, unknown> => ({
  id,
  type,
  name: "",
  label: "",
  nameFromLabel: true,
});

describe("form fields in the editor", () => {
  it("makes keys from labels: lower case, letters, digits and _, starting with a letter", () => {
    expect(keyFromLabel("Work e-mail")).toBe("work_e_mail");
    expect(keyFromLabel("2nd choice?")).toBe("nd_choice");
    expect(keyFromLabel("Café größe")).toBe("cafe_gro_e");
    expect(keyFromLabel("!!!")).toBe("field");
  });

  it("a new field's key follows its label, unique in the form, until the member types one", () => {
    let fields = [fresh("text", "a"), fresh("text", "b")];
    fields = fieldChanged(fields, 0, "label", "Name");
    fields = fieldChanged(fields, 1, "label", "Name");
    expect(fields.map((f) => f.name)).toEqual(["name", "name_2"]);
    fields = fieldChanged(fields, 1, "name", "nickname");
    fields = fieldChanged(fields, 1, "label", "Preferred name");
    expect(fields[1]).toMatchObject({ name: "nickname", nameFromLabel: false, label: "Preferred name" });
  });

  it("a condition follows the key it names when that key changes", () => {
    let fields: Record<string, unknown>[] = [
      { ...fresh("checkboxes", "a"), name: "topics" },
      {
        ...fresh("textarea", "b"),
        name: "more",
        showWhen: { field: "topics", operator: "equals", value: "other" },
      },
    ];
    fields = fieldChanged(fields, 0, "label", "Which topics?");
    expect(fields[0]?.name).toBe("which_topics");
    expect(fields[1]?.showWhen).toEqual({ field: "which_topics", operator: "equals", value: "other" });
  });

  it("saves no editor id, no blank setting, no condition without a field; a condition without operator is 'equals'", () => {
    const saved = savedFields([
      {
        id: "x",
        type: "text",
        name: "",
        label: "Job title",
        help: "",
        required: false,
        minLength: "",
        nameFromLabel: true,
        showWhen: { field: "", operator: "equals" },
        requireWhen: { field: "role", value: "lead" },
      },
      { id: "y", type: "step", name: "", label: "About you", required: false, width: "full" },
    ]);
    expect(saved).toEqual([
      {
        type: "text",
        name: "job_title",
        label: "Job title",
        requireWhen: { field: "role", operator: "equals", value: "lead" },
      },
      { type: "step", name: "step", label: "About you" },
    ]);
  });

  it("offers only the fields above as conditions, and the comparison once one is chosen", () => {
    const above = [
      { type: "text", name: "company", label: "Company" },
      { type: "step", name: "step", label: "" },
    ];
    const plain = settingsOf({ type: "email", name: "email", label: "E-mail" }, above);
    const choose = plain.find((s) => s.name === "showWhen.field");
    expect(choose && "options" in choose ? choose.options.map((o) => o.value) : []).toEqual(["", "company"]);
    expect(plain.some((s) => s.name === "showWhen.operator")).toBe(false);
    const conditional = settingsOf(
      { type: "email", name: "email", label: "E-mail", showWhen: { field: "company" } },
      above,
    );
    expect(conditional.some((s) => s.name === "showWhen.operator")).toBe(true);
    expect(plain.some((s) => s.name === "businessOnly")).toBe(true);
  });

  it("a file field starts as one PDF of up to 5 MB, and offers the kinds of file and the size, no placeholder", () => {
    const entry = FIELD_PALETTE.find((p) => p.type === "file");
    expect(entry?.create).toMatchObject({ fileKinds: ["pdf"], maxSizeMb: 5 });
    const specs = settingsOf({ ...fresh("file", "a"), ...entry?.create }, []);
    const names = specs.map((spec) => spec.name);
    expect(names).toEqual(expect.arrayContaining(["label", "help", "required", "fileKinds", "maxSizeMb"]));
    expect(names).not.toContain("placeholder");
    expect(specs.find((spec) => spec.name === "fileKinds")).toMatchObject({
      kind: "choices",
      options: [
        { value: "pdf", label: "PDF" },
        { value: "images", label: "Images (PNG, JPEG, WebP)" },
        { value: "office", label: "Word, Excel, PowerPoint (.docx, .xlsx, .pptx)" },
        { value: "text", label: "Plain text, CSV" },
      ],
    });
    expect(specs.find((spec) => spec.name === "maxSizeMb")).toMatchObject({
      kind: "number",
      min: 1,
      max: 10,
    });
    const [saved] = savedFields([
      { ...fresh("file", "a"), label: "CV", fileKinds: ["pdf", "text"], maxSizeMb: 3 },
    ]);
    expect(saved).toEqual({
      type: "file",
      name: "cv",
      label: "CV",
      fileKinds: ["pdf", "text"],
      maxSizeMb: 3,
    });
  });
});
