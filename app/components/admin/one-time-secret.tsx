// A secret shown once (an API key, a webhook signing secret): the warning, a read-only field and a copy button.
import { TriangleAlert } from "lucide-react";
import type * as React from "react";
import { useEffect, useState } from "react";
import { Input, Label } from "~/components/ui/input";
import { CopyButton } from "./api-key-copy";

export function OneTimeSecret({
  id,
  label,
  value,
  warning,
  copyLabel,
  copiedMessage,
}: {
  id: string;
  label: string;
  value: string;
  warning: React.ReactNode;
  /** The copy button's accessible name, e.g. "Copy API key". */
  copyLabel: string;
  copiedMessage: string;
}) {
  return (
    <div>
      <p className="flex gap-2 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {warning}
      </p>
      <Label htmlFor={id} className="mt-4">
        {label}
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton
          text={value}
          label="Copy"
          successMessage={copiedMessage}
          className="min-h-10"
          aria-label={copyLabel}
        />
      </div>
    </div>
  );
}

/**
 * A dialog's last action answer while it is open; once the dialog closes that answer is dismissed for good, so a
 * secret it carried is never shown again (reopening starts with an empty form).
 */
export function useAnswerUntilClosed<T>(answer: T | undefined, open: boolean): T | undefined {
  const [dismissed, setDismissed] = useState<T | undefined>();
  useEffect(() => {
    if (!open && answer) setDismissed(answer);
  }, [open, answer]);
  return answer !== dismissed ? answer : undefined;
}
