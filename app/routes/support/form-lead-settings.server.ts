// Who decides what becomes of a built form's submissions (who hears of them, how long they are kept), and which other
// websites may embed it and send it (ADR 058): the members who manage the site's lead notifications and its
// connections to outside systems. The form's screen and its history both ask; the others see those settings and
// keep them (docs/product.md, Forms).
import { type Capability, can } from "~/auth/roles";

export const ROUTING_CAPABILITY: Capability = "integrations.manage";

/** Whether a member of `role` may change a form's routing and retention. */
export const mayRouteLeads = (role: string) => can(role, ROUTING_CAPABILITY);

/** Who may let other websites frame a form and send it from their pages: a security setting, as for webhooks. */
export const EMBED_CAPABILITY: Capability = "integrations.manage";

/** Whether a member of `role` may change the sites that may embed a form. */
export const mayEmbedForms = (role: string) => can(role, EMBED_CAPABILITY);
