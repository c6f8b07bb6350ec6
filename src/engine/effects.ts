import type {
  BlinkPort,
  GmailMessage,
  IntegrationScope,
  MailMessage,
  NocoDbPort,
  PostHogPort,
  SegmentPort,
  SheetCell,
  SheetTarget,
} from "./ports.js";

type Sheet = SheetTarget & { sheetTitle: string };

/**
 * Something a turn does to the outside world only once the turn is saved: the engine returns it as
 * data and the services store it with the turn (the outbox), so a turn that loses its race, or is
 * refused, or runs past its deadline, sends nothing.
 */
export type TurnEffect = EmailEffect | ServiceEffect;

export type EmailEffect = {
  kind: "email";
  /** The result the e-mail's log goes to; unset → the session's own. */
  resultId?: string;
  message: MailMessage;
  scope: IntegrationScope;
};

/**
 * The plug-in calls that change something in a service and whose answer the flow does not read, by
 * effect kind: the request is the port method's own. A call whose answer the flow reads (a search, a
 * Blink event id mapped into a variable) stays a port call during the turn.
 */
export type ServiceEffectRequests = {
  "nocodb.createRecord": Parameters<NocoDbPort["createRecord"]>[0];
  "nocodb.updateRecords": Parameters<NocoDbPort["updateRecords"]>[0];
  "segment.send": Parameters<SegmentPort["send"]>[0];
  "posthog.capture": Parameters<PostHogPort["capture"]>[0];
  "blink.sendFeedEvent": Parameters<BlinkPort["sendFeedEvent"]>[0];
  "gmail.send": GmailMessage;
  /** `where`: "<spreadsheet> > <sheet>", for the log of a row inserted. */
  "googleSheets.appendRow": { target: Sheet; values: string[]; where: string };
  "googleSheets.updateCells": { target: Sheet; cells: SheetCell[]; rows: number };
};

export type ServiceEffectKind = keyof ServiceEffectRequests;

export type ServiceEffect = {
  [K in ServiceEffectKind]: {
    kind: K;
    request: ServiceEffectRequests[K];
    scope: IntegrationScope;
    /** The result the failure log goes to; unset → the session's own (none in a preview). */
    resultId?: string;
    /** What the log of a failed delivery says it was doing ("While creating NocoDB record"). */
    failureContext: string;
  };
}[ServiceEffectKind];
