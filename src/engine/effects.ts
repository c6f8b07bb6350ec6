import type { IntegrationScope, MailMessage } from "./ports.js";

/**
 * Something a turn does to the outside world only once the turn is saved: the engine returns it as
 * data and the services store it with the turn (the outbox), so a turn that loses its race, or is
 * refused, sends nothing.
 */
export type TurnEffect = {
  kind: "email";
  /** The result the e-mail's log goes to; unset → the session's own. */
  resultId?: string;
  message: MailMessage;
  scope: IntegrationScope;
};
