import { useStore } from "../../lib/store";
import { Fieldset } from "../../ui/fields";
import { useEditor } from "../editor-context";
import { WebhooksPanel } from "../webhooks/webhooks-panel";
import { DocNumber, DocSelect, DocSwitch, DocText } from "./doc-fields";

const SYSTEM_MESSAGES: [string, string][] = [
  ["invalidMessage", "Invalid message"],
  ["botClosed", "Bot closed"],
  ["networkErrorTitle", "Network error title"],
  ["networkErrorMessage", "Network error message"],
  ["popupBlockedTitle", "Pop-up blocked title"],
  ["popupBlockedDescription", "Pop-up blocked description"],
  ["popupBlockedButtonLabel", "Pop-up blocked button"],
  ["fileUploadError", "File upload error"],
  ["fileUploadSizeError", "File too large"],
];

/** Behaviour, typing emulation, page metadata, security and the messaging-app options. */
export function BotSettingsEditor() {
  const { store } = useEditor();
  const settings = useStore(store.doc, (doc) => doc.settings);
  const origins = settings.security?.allowedOrigins ?? [];
  return (
    <div className="bot-settings-editor">
      <Fieldset legend="General">
        <DocSwitch root="settings" path={["general", "isBrandingEnabled"]} label="Show “Made with Parley”" />
        <DocSwitch
          root="settings"
          path={["general", "isInputPrefillEnabled"]}
          label="Prefill inputs with known values"
        />
        <DocSwitch
          root="settings"
          path={["general", "isHideQueryParamsEnabled"]}
          label="Hide query parameters on the public page"
          defaultValue
        />
        <DocSwitch root="settings" path={["general", "rememberUser", "isEnabled"]} label="Remember the visitor" />
        {settings.general?.rememberUser?.isEnabled && (
          <DocSelect
            root="settings"
            path={["general", "rememberUser", "storage"]}
            label="Remember for"
            options={["session", "local"]}
            defaultValue="session"
          />
        )}
      </Fieldset>
      <Fieldset legend="Typing emulation">
        <DocSwitch root="settings" path={["typingEmulation", "enabled"]} label="Emulate typing" defaultValue />
        <DocNumber
          root="settings"
          path={["typingEmulation", "speed"]}
          label="Words per minute"
          placeholder="400"
          min={1}
        />
        <DocNumber
          root="settings"
          path={["typingEmulation", "maxDelay"]}
          label="Longest delay (s)"
          placeholder="3"
          min={0}
          step={0.1}
        />
        <DocNumber
          root="settings"
          path={["typingEmulation", "delayBetweenBubbles"]}
          label="Pause between bubbles (s)"
          placeholder="0"
          min={0}
          max={5}
          step={0.1}
        />
        <DocSwitch
          root="settings"
          path={["typingEmulation", "isDisabledOnFirstMessage"]}
          label="Not on the first message"
          defaultValue
        />
      </Fieldset>
      <Fieldset legend="System messages">
        {SYSTEM_MESSAGES.map(([key, label]) => (
          <DocText key={key} root="settings" path={["general", "systemMessages", key]} label={label} />
        ))}
      </Fieldset>
      <Fieldset legend="Public page">
        <DocText root="settings" path={["metadata", "title"]} label="Title" />
        <DocText root="settings" path={["metadata", "description"]} label="Description" multiline />
        <DocText root="settings" path={["metadata", "imageUrl"]} label="Social image address" />
        <DocText root="settings" path={["metadata", "favIconUrl"]} label="Favicon address" />
        <DocText root="settings" path={["metadata", "tagManagerId"]} label="Tag manager id" placeholder="GTM-XXXX" />
        <DocText root="settings" path={["metadata", "customHeadCode"]} label="Custom head code" multiline code />
      </Fieldset>
      <Fieldset legend="Security">
        <DocSwitch root="settings" path={["publicShare", "isEnabled"]} label="Anyone with the link can view the flow" />
        <label className="field">
          <span>Allowed origins (one per line; empty allows all)</span>
          <textarea
            className="input"
            rows={3}
            value={origins.join("\n")}
            onChange={(event) => {
              const lines = event.target.value.split("\n");
              store.update(
                (doc) => ({
                  ...doc,
                  settings: {
                    ...doc.settings,
                    security: {
                      ...doc.settings.security,
                      allowedOrigins: lines.length === 1 && !lines[0] ? undefined : lines,
                    },
                  },
                }),
                "settings:origins",
              );
            }}
          />
        </label>
      </Fieldset>
      <Fieldset legend="Messaging apps">
        <DocSwitch root="settings" path={["chatApp", "isEnabled"]} label="Available in messaging apps" />
        <DocNumber
          root="settings"
          path={["chatApp", "sessionExpiryTimeout"]}
          label="Session expiry (hours)"
          min={0.01}
          max={48}
          step={0.5}
          placeholder="4"
        />
      </Fieldset>
      <WebhooksPanel />
    </div>
  );
}
