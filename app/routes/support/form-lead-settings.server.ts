// Who decides what becomes of a built form's submissions (who hears of them, how long they are kept): the members
// who manage the site's lead notifications. The form's screen and its history both ask; the others see those
// settings and keep them (docs/product.md, Forms).
import { type Capability, can } from "~/auth/roles";

export const ROUTING_CAPABILITY: Capability = "integrations.manage";

/** Whether a member of `role` may change a form's routing and retention. */
export const mayRouteLeads = (role: string) => can(role, ROUTING_CAPABILITY);
