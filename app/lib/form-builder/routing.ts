// Where a form's submissions go, set on the form's screen (never sent to visitors: the public page gets the
// definition only). Browser-safe: the editor and the server read the same shape.

/** "alert": every chosen member gets each submission's alert; "round-robin": each goes to the next of them in turn. */
export const ROUTING_MODES = ["alert", "round-robin"] as const;
export type RoutingMode = (typeof ROUTING_MODES)[number];

export interface FormRouting {
  mode: RoutingMode;
  /** Members (auth user ids) who get the alerts, or take turns; one who may no longer hold leads is passed over. */
  members: string[];
  /** Addresses outside the team that get every alert too. */
  addresses: string[];
  /** The mail to the sender (`{field}` placeholders), at most one a day per mailbox, as the site's auto-reply. */
  confirmation: { enabled: boolean; subject: string; text: string };
}

export const DEFAULT_ROUTING: FormRouting = {
  mode: "alert",
  members: [],
  addresses: [],
  confirmation: { enabled: false, subject: "", text: "" },
};

/** Limits of the routing fields (the server checks them; the editor shows them). */
export const ROUTING_LIMITS = { addresses: 10, subject: 200, text: 5000 } as const;
