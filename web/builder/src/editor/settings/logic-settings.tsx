import { useEffect, useState } from "react";
import { listBots } from "../../bots/bots-api";
import { getBot } from "../../bots/bots-api";
import { useStore } from "../../lib/store";
import type { BotListItem, Group } from "../../lib/types";
import { SelectField } from "../../ui/fields";
import { useEditor } from "../editor-context";
import { Choice, Num, ResponseMapping, Text, Toggle, useBlock, Variable } from "./block-fields";
import { getIn } from "./set-in";

const SET_VARIABLE_TYPES = [
  "Custom",
  "Empty",
  "Append value(s)",
  "Environment name",
  "Device type",
  "Transcript",
  "User ID",
  "Result ID",
  "Now",
  "Today",
  "Yesterday",
  "Tomorrow",
  "Random ID",
  "Moment of the day",
  "Map item with same index",
  "Pop",
  "Shift",
  "Phone number",
  "Contact name",
  "Referral Click ID",
  "Referral Source ID",
] as const;

export function SetVariableSettings() {
  const { block } = useBlock();
  const type = getIn(block, ["options", "type"]) ?? "Custom";
  const isCode = getIn(block, ["options", "isCode"]) ?? false;
  return (
    <>
      <Variable path={["options", "variableId"]} label="Variable to set" />
      <Choice path={["options", "type"]} label="Value" options={SET_VARIABLE_TYPES} defaultValue="Custom" />
      {type === "Custom" && (
        <>
          <Toggle
            path={["options", "isCode"]}
            label="Evaluate as code"
            hint="JavaScript; the returned value is saved."
          />
          <Text
            path={["options", "expressionToEvaluate"]}
            label={isCode ? "Code" : "Value"}
            multiline
            code={isCode}
            placeholder={isCode ? "return {{price}} * 2" : "Text or {{variable}}"}
          />
          {isCode && (
            <>
              <Text path={["options", "expressionDescription"]} label="Description" />
              <Variable path={["options", "saveErrorInVariableId"]} label="Save an error in" />
            </>
          )}
        </>
      )}
      {["Now", "Yesterday", "Tomorrow", "Today"].includes(type) && (
        <Text path={["options", "timeZone"]} label="Time zone" placeholder="Europe/Paris" />
      )}
      {type === "Append value(s)" && (
        <Text path={["options", "item"]} label="Value(s) to append" placeholder="{{answer}}" />
      )}
      {type === "Map item with same index" && (
        <>
          <Variable path={["options", "mapListItemParams", "baseItemVariableId"]} label="Item to find" />
          <Variable path={["options", "mapListItemParams", "baseListVariableId"]} label="In the list" />
          <Variable
            path={["options", "mapListItemParams", "targetListVariableId"]}
            label="Take the item at the same index of"
          />
        </>
      )}
      {(type === "Pop" || type === "Shift") && (
        <Variable path={["options", "saveItemInVariableId"]} label="Save the removed item in" />
      )}
      <Toggle path={["options", "isExecutedOnClient"]} label="Run in the visitor's browser" />
      {getIn(block, ["options", "isUnsafe"]) && (
        <p className="banner warning">
          Imported code: it does not run in the preview until you review it and turn this off.
        </p>
      )}
      {getIn(block, ["options", "isUnsafe"]) && (
        <Toggle path={["options", "isUnsafe"]} label="Marked unsafe (imported)" />
      )}
    </>
  );
}

export function RedirectSettings() {
  return (
    <>
      <Text path={["options", "url"]} label="Address" placeholder="https://… or {{variable}}" />
      <Toggle path={["options", "isNewTab"]} label="Open in a new tab" />
    </>
  );
}

export function CodeSettings() {
  const { block } = useBlock();
  return (
    <>
      <Text path={["options", "name"]} label="Name" placeholder="Script" />
      <Text path={["options", "content"]} label="Code" multiline code placeholder="console.log({{name}})" />
      <Toggle path={["options", "isExecutedOnClient"]} label="Run in the visitor's browser" defaultValue />
      <Toggle path={["options", "shouldExecuteInParentContext"]} label="Run in the host page (embedded chats)" />
      {getIn(block, ["options", "isUnsafe"]) && (
        <Toggle path={["options", "isUnsafe"]} label="Marked unsafe (imported): review, then turn off" />
      )}
    </>
  );
}

function useGroupsOf(botId: string | undefined): Group[] | undefined {
  const { store } = useEditor();
  const currentId = useStore(store.meta, (meta) => meta.botId);
  const ownGroups = useStore(store.doc, (doc) => doc.groups);
  const [other, setOther] = useState<Group[]>();
  const isCurrent = !botId || botId === "current" || botId === currentId;
  useEffect(() => {
    setOther(undefined);
    if (!isCurrent && botId)
      void getBot(botId).then(
        ({ bot }) => setOther(bot.groups),
        () => setOther([]),
      );
  }, [botId, isCurrent]);
  return isCurrent ? ownGroups : other;
}

export function BotLinkSettings() {
  const { store } = useEditor();
  const { block, set } = useBlock();
  const workspaceId = useStore(store.meta, (meta) => meta.workspaceId);
  const [bots, setBots] = useState<BotListItem[]>([]);
  useEffect(() => void listBots(workspaceId).then(setBots, () => setBots([])), [workspaceId]);
  const botId: string | undefined = getIn(block, ["options", "botId"]);
  const groups = useGroupsOf(botId);
  return (
    <>
      <SelectField
        label="Bot"
        value={botId}
        emptyLabel="Pick a bot"
        options={[
          { value: "current", label: "This bot" },
          ...bots.filter((bot) => bot.id !== store.meta.get().botId).map((bot) => ({ value: bot.id, label: bot.name })),
        ]}
        onChange={(value) => set(["options", "botId"], value)}
      />
      {botId && (
        <SelectField
          label="Group"
          value={getIn(block, ["options", "groupId"])}
          emptyLabel="Its start"
          options={(groups ?? []).map((group) => ({ value: group.id, label: group.title }))}
          onChange={(value) => set(["options", "groupId"], value)}
        />
      )}
      <Toggle path={["options", "mergeResults"]} label="Save its answers in this bot's results" />
    </>
  );
}

export function WaitSettings() {
  return (
    <>
      <Text path={["options", "secondsToWaitFor"]} label="Seconds to wait" placeholder="2 or {{delay}}" />
      <Toggle
        path={["options", "shouldPause"]}
        label="Pause the flow (the client waits before asking the server again)"
      />
    </>
  );
}

export function AbTestSettings() {
  const { block } = useBlock();
  const a = getIn(block, ["options", "aPercent"]) ?? 50;
  return (
    <>
      <Num path={["options", "aPercent"]} label="Share of visitors sent to A (%)" min={0} max={100} placeholder="50" />
      <p className="muted small">B gets the remaining {100 - a}%.</p>
    </>
  );
}

/** A URL to call, shown whole with a button that copies it. */
function CopyableUrl({ label, url, testId }: { label: string; url: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="field">
      <span>{label}</span>
      <pre className="code-block" data-testid={testId}>
        {url}
      </pre>
      <button
        type="button"
        className="button small"
        onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
      >
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}

export function IncomingWebhookSettings() {
  const { store } = useEditor();
  const { block } = useBlock();
  const botId = useStore(store.meta, (meta) => meta.botId);
  const base = `${window.location.origin}/api/v1/bots/${botId}/blocks/${block.id}`;
  return (
    <>
      <p className="muted small">
        The chat waits here until an HTTP call resumes it (POST, any JSON body, an API token with access to this bot as{" "}
        <code>Authorization: Bearer</code>); parts of that body can be saved in variables. The visitor then sees the
        next messages without reloading.
      </p>
      <CopyableUrl
        label="URL of a live chat (its result's id in place of {resultId})"
        url={`${base}/results/{resultId}/executeWebhook`}
        testId="webhook-live-url"
      />
      <CopyableUrl
        label="Test URL: resumes your preview waiting at this block"
        url={`${base}/web/executeTestWebhook`}
        testId="webhook-test-url"
      />
      <ResponseMapping path={["options", "responseVariableMapping"]} />
    </>
  );
}

export function JumpSettings() {
  const { store } = useEditor();
  const { block, set } = useBlock();
  const groups = useStore(store.doc, (doc) => doc.groups);
  const groupId: string | undefined = getIn(block, ["options", "groupId"]);
  const target = groups.find((group) => group.id === groupId);
  return (
    <>
      <SelectField
        label="Group"
        value={groupId}
        emptyLabel="Pick a group"
        options={groups.map((group) => ({ value: group.id, label: group.title }))}
        onChange={(value) => set(["options", "groupId"], value)}
      />
      {target && (
        <SelectField
          label="Block"
          value={getIn(block, ["options", "blockId"])}
          emptyLabel="Its first block"
          options={target.blocks.map((entry, index) => ({ value: entry.id, label: `${index + 1}. ${entry.type}` }))}
          onChange={(value) => set(["options", "blockId"], value)}
        />
      )}
    </>
  );
}

export function ReturnSettings() {
  return (
    <p className="muted">
      Goes back to the block after the last Jump (or after the event that interrupted the flow). Nothing to set.
    </p>
  );
}
