// The contact dialog (docs/product.md, Contact and demo dialog) and the demo request that reuses it. Only the
// email is required; an empty email does nothing (the browser's required check). Success closes it and clears
// it; failure keeps it open and filled.
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
  title?: string;
  description?: string;
  /** Stored as the lead's purpose, e.g. demo_request. */
  purpose?: string;
  /** The page section the dialog was opened from, e.g. hero_section (the lead's subject names it). */
  sourceSection?: string;
}

export function ContactDialog({
  open,
  onOpenChange,
  title = "Get in Touch",
  description = "We'd love to learn more about your needs",
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
      showToast({ type: "success", title: MESSAGES.dialogSuccessTitle, message: MESSAGES.dialogSuccess });
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
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form method="post" action="/api/leads" onSubmit={onSubmit} className="relative space-y-4">
          <input type="hidden" name="kind" value="lead" />
          <input type="hidden" name="purpose" value={purpose} />
          {sourceSection ? <input type="hidden" name="source_section" value={sourceSection} /> : null}
          <Honeypot idPrefix={`${id}-dialog`} />
          <TextField
            id={`${id}-name`}
            name="name"
            label="Name"
            autoComplete="name"
            maxLength={CONTACT_MAX.name}
            error={errors.name}
          />
          <TextField
            id={`${id}-email`}
            name="email"
            label="Email *"
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_MAX.email}
            error={errors.email}
          />
          <TextareaField
            id={`${id}-message`}
            name="message"
            label="Message"
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
              {submitting ? "Sending..." : "Send"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
