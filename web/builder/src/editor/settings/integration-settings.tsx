import { TextField } from "../../ui/fields";
import {
  Choice,
  KeyValues,
  ListEditor,
  Lines,
  Num,
  NumOrVariable,
  ResponseMapping,
  Text,
  Toggle,
  useBlock,
  Variable,
  VariableSelect,
} from "./block-fields";
import { EmailSender } from "./email-sender";
import { getIn } from "./set-in";

const HTTP_METHODS = ["POST", "GET", "PUT", "DELETE", "PATCH", "HEAD", "CONNECT", "OPTIONS", "TRACE"] as const;

export function HttpRequestSettings() {
  const { block } = useBlock();
  const custom = getIn(block, ["options", "isCustomBody"]) ?? false;
  return (
    <>
      <Choice path={["options", "webhook", "method"]} label="Method" options={HTTP_METHODS} defaultValue="POST" />
      <Text path={["options", "webhook", "url"]} label="Address" placeholder="https://api.example.com/…" />
      <KeyValues path={["options", "webhook", "queryParams"]} label="Query parameters" />
      <KeyValues path={["options", "webhook", "headers"]} label="Headers" />
      <Toggle path={["options", "isCustomBody"]} label="Custom body" hint="Otherwise every answer is sent." />
      {custom && (
        <Text
          path={["options", "webhook", "body"]}
          label="Body"
          multiline
          code
          placeholder={'{ "name": "{{name}}" }'}
        />
      )}
      <Num path={["options", "timeout"]} label="Timeout (seconds)" min={1} max={120} placeholder="10" />
      <Toggle path={["options", "isExecutedOnClient"]} label="Send from the visitor's browser" />
      <Text path={["options", "proxyCredentialsId"]} label="Proxy credentials id" />
      <ResponseMapping path={["options", "responseVariableMapping"]} />
      <ListEditor<{ id: string; variableId?: string; value?: string }>
        path={["options", "variablesForTest"]}
        label="Values used when testing"
        addLabel="Add a test value"
        make={() => ({})}
        render={(entry, _index, setEntry) => (
          <>
            <VariableSelect
              label="Variable"
              value={entry.variableId}
              onChange={(variableId) => setEntry({ variableId })}
            />
            <TextField label="Test value" value={entry.value} onChange={(value) => setEntry({ value })} />
          </>
        )}
      />
    </>
  );
}

export function EmailSettings() {
  const { block, set } = useBlock();
  const custom = getIn(block, ["options", "isCustomBody"]) ?? false;
  return (
    <>
      <EmailSender
        value={getIn(block, ["options", "credentialsId"])}
        onChange={(id) => set(["options", "credentialsId"], id)}
      />
      <Lines path={["options", "recipients"]} label="To" placeholder="someone@example.com" />
      <Lines path={["options", "cc"]} label="Cc" />
      <Lines path={["options", "bcc"]} label="Bcc" />
      <Text path={["options", "replyTo"]} label="Reply to" placeholder="{{email}}" />
      <Text path={["options", "subject"]} label="Subject" />
      <Toggle path={["options", "isCustomBody"]} label="Custom content" hint="Otherwise the answers are listed." />
      {custom && (
        <>
          <Toggle path={["options", "isBodyCode"]} label="Content is HTML" />
          <Text
            path={["options", "body"]}
            label="Content"
            multiline
            code={getIn(block, ["options", "isBodyCode"]) ?? false}
          />
        </>
      )}
      <Variable path={["options", "attachmentsVariableId"]} label="Attach the files of" />
    </>
  );
}

export function GoogleAnalyticsSettings() {
  return (
    <>
      <Text path={["options", "trackingId"]} label="Measurement id" placeholder="G-XXXXXXX" />
      <Text path={["options", "action"]} label="Event action" />
      <Text path={["options", "category"]} label="Event category" />
      <Text path={["options", "label"]} label="Event label" />
      <NumOrVariable path={["options", "value"]} label="Event value" />
      <Text path={["options", "sendTo"]} label="Send to" />
    </>
  );
}

export function ChatwootSettings() {
  const { block } = useBlock();
  const task = getIn(block, ["options", "task"]) ?? "Show widget";
  return (
    <>
      <Choice
        path={["options", "task"]}
        label="Task"
        options={["Show widget", "Close widget"]}
        defaultValue="Show widget"
      />
      {task === "Show widget" && (
        <>
          <Text path={["options", "baseUrl"]} label="Base address" placeholder="https://app.chatwoot.com" />
          <Text path={["options", "websiteToken"]} label="Website token" />
          <Text path={["options", "user", "id"]} label="User id" placeholder="{{userId}}" />
          <Text path={["options", "user", "name"]} label="User name" />
          <Text path={["options", "user", "email"]} label="User e-mail" />
          <Text path={["options", "user", "avatarUrl"]} label="User avatar address" />
          <Text path={["options", "user", "phoneNumber"]} label="User phone" />
        </>
      )}
    </>
  );
}

const PIXEL_EVENTS = [
  "Custom",
  "Lead",
  "Contact",
  "CompleteRegistration",
  "Schedule",
  "SubmitApplication",
  "ViewContent",
  "AddPaymentInfo",
  "AddToCart",
  "AddToWishlist",
  "CustomizeProduct",
  "Donate",
  "FindLocation",
  "InitiateCheckout",
  "Purchase",
  "Search",
  "StartTrial",
  "Subscribe",
] as const;

export function PixelSettings() {
  const { block } = useBlock();
  return (
    <>
      <Text path={["options", "pixelId"]} label="Pixel id" />
      <Toggle path={["options", "isInitSkip"]} label="The page already initialises the pixel" />
      <Choice path={["options", "eventType"]} label="Event" options={PIXEL_EVENTS} emptyLabel="Page view only" />
      {getIn(block, ["options", "eventType"]) === "Custom" && <Text path={["options", "name"]} label="Event name" />}
      <KeyValues path={["options", "params"]} label="Parameters" />
    </>
  );
}
