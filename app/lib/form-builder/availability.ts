// Whether a form takes submissions at a moment: open, inside its dates, and not full. The public form shows its
// closed message otherwise, and the server refuses a submission on the same rule. Browser-safe.
import type { PublicCaptcha } from "./captcha";
import type { FormDefinition, FormStatus } from "./definition";

export interface FormAvailability {
  status: FormStatus;
  opensAt: Date | null;
  closesAt: Date | null;
  maxSubmissions: number | null;
}

export function takesSubmissions(form: FormAvailability, submissions: number, now: Date): boolean {
  if (form.status !== "open") return false;
  if (form.opensAt && now < form.opensAt) return false;
  if (form.closesAt && now >= form.closesAt) return false;
  return form.maxSubmissions === null || submissions < form.maxSubmissions;
}

/** What a visitor's page needs of a form: its fields, and what decides whether it takes submissions. */
export interface PublicForm {
  id: string;
  definition: FormDefinition;
  status: FormStatus;
  opensAt: string | null;
  closesAt: string | null;
  /** The most submissions it takes is reached. */
  full: boolean;
  closedMessage: string;
  /** The check visitors complete before sending (the form asks for it and its keys are saved). */
  captcha?: PublicCaptcha;
}

/** Whether a page's form takes submissions at `now` (the browser asks again at its own time; the server decides). */
export function publicFormTakes(form: PublicForm, now: Date): boolean {
  return (
    takesSubmissions(
      {
        status: form.status,
        opensAt: form.opensAt ? new Date(form.opensAt) : null,
        closesAt: form.closesAt ? new Date(form.closesAt) : null,
        maxSubmissions: null,
      },
      0,
      now,
    ) && !form.full
  );
}
