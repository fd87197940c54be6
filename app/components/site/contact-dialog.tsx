// The contact dialog (docs/product.md, Contact and demo dialog) and the demo request that reuses it. Only the
// email is required; an empty email does nothing (the browser's required check). Success closes it and clears
// it; failure keeps it open and filled. Its title, description, labels, help texts, placeholders, button and success
// toast are the team's (Forms → Contact and demo dialog), passed in as data; its rules and errors are the product's.
import { useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { TextareaField, TextField } from "~/components/ui/field";
import { showToast } from "~/components/ui/toaster";
import type { DialogTexts } from "~/lib/builtin-forms";
import {
  CONTACT_MAX,
  checkForm,
  type FieldErrors,
  formValues,
  LEAD_FIELDS,
  MESSAGES,
} from "~/lib/lead-schema";
import { Honeypot } from "./honeypot";
import { postLead } from "./lead-client";

interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Its texts as the team wrote them (the page's data). */
  texts: DialogTexts;
  /** Stored as the lead's purpose, e.g. demo_request. */
  purpose?: string;
  /** The page section the dialog was opened from, e.g. hero_section (the lead's subject names it). */
  sourceSection?: string;
}

export function ContactDialog({
  open,
  onOpenChange,
  texts,
  purpose = "contact",
  sourceSection,
}: ContactDialogProps) {
  const id = useId();
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Opened from code (not a Radix trigger), so remember what had focus to give it back on close.
  const returnFocus = useRef<HTMLElement | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = checkForm(LEAD_FIELDS, formValues(new FormData(form)));
    if (!parsed.ok) {
      setErrors(parsed.fieldErrors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    const answer = await postLead(form, "lead");
    setSubmitting(false);
    if (answer?.body.ok) {
      showToast(answer.body.toast ?? { type: "success", title: texts.successTitle, message: texts.success });
      form.reset();
      onOpenChange(false);
      return;
    }
    setErrors(answer?.body.errors ?? {});
    const message = answer?.status === 429 ? answer.body.toast?.message : undefined;
    showToast({
      type: "error",
      title: MESSAGES.dialogFailureTitle,
      message: message ?? MESSAGES.dialogFailure,
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setErrors({});
        onOpenChange(next);
      }}
    >
      <DialogContent
        onOpenAutoFocus={() => {
          returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          if (returnFocus.current?.isConnected) {
            event.preventDefault();
            returnFocus.current.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{texts.heading}</DialogTitle>
          <DialogDescription>{texts.intro}</DialogDescription>
        </DialogHeader>
        <form method="post" action="/api/leads" onSubmit={onSubmit} className="relative space-y-4">
          <input type="hidden" name="kind" value="lead" />
          <input type="hidden" name="purpose" value={purpose} />
          {sourceSection ? <input type="hidden" name="source_section" value={sourceSection} /> : null}
          <Honeypot idPrefix={`${id}-dialog`} />
          <TextField
            id={`${id}-name`}
            name="name"
            label={texts["name.label"]}
            hint={texts["name.help"] || undefined}
            placeholder={texts["name.placeholder"] || undefined}
            autoComplete="name"
            maxLength={CONTACT_MAX.name}
            error={errors.name}
          />
          <TextField
            id={`${id}-email`}
            name="email"
            label={`${texts["email.label"]} *`}
            hint={texts["email.help"] || undefined}
            placeholder={texts["email.placeholder"] || undefined}
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_MAX.email}
            error={errors.email}
          />
          <TextareaField
            id={`${id}-message`}
            name="message"
            label={texts["message.label"]}
            hint={texts["message.help"] || undefined}
            placeholder={texts["message.placeholder"] || undefined}
            rows={4}
            maxLength={CONTACT_MAX.message}
            error={errors.message}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Sending..." : texts.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
