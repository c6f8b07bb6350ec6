import type { ComponentType } from "react";
import {
  emailInputDefaults,
  phoneInputDefaults,
  urlInputDefaults,
} from "../../../../../src/schemas/blocks/catalogue/index.js";
import { useStore } from "../../lib/store";
import type { BlockType } from "../../lib/types";
import { blockEntry, blockTitle, categoryClass } from "../block-catalogue";
import { useEditor } from "../editor-context";
import { removeBlocks } from "../store/operations";
import { blockById } from "../store/selectors";
import { BlockProvider } from "./block-fields";
import {
  AudioBubbleSettings,
  EmbedBubbleSettings,
  ImageBubbleSettings,
  TextBubbleSettings,
  VideoBubbleSettings,
} from "./bubble-settings";
import { CardsSettings, ChoiceInputSettings, ConditionSettings, PictureChoiceSettings } from "./choice-settings";
import {
  DateInputSettings,
  FileInputSettings,
  NumberInputSettings,
  PaymentInputSettings,
  RatingInputSettings,
  TextInputSettings,
  TimeInputSettings,
  ValidatedInputSettings,
} from "./input-settings";
import { aiSettingsForms } from "./ai/ai-settings";
import { pluginSettingsForms } from "./plugins/index";
import { HandOffSettings } from "./hand-off-settings";
import { IdleTimeoutField } from "./idle-timeout-field";
import { KnowledgeAnswerSettings, SearchKnowledgeSettings } from "./knowledge-settings";
import {
  ChatwootSettings,
  EmailSettings,
  GoogleAnalyticsSettings,
  HttpRequestSettings,
  PixelSettings,
} from "./integration-settings";
import { OpenAiSettings } from "./openai-settings";
import { GoogleSheetsSettings } from "./sheets-settings";
import {
  AbTestSettings,
  BotLinkSettings,
  CodeSettings,
  IncomingWebhookSettings,
  JumpSettings,
  RedirectSettings,
  ReturnSettings,
  SetVariableSettings,
  WaitSettings,
} from "./logic-settings";

const EmailInputSettings = () => (
  <ValidatedInputSettings
    placeholder={emailInputDefaults.labels.placeholder}
    retry={emailInputDefaults.retryMessageContent}
  />
);
const UrlInputSettings = () => (
  <ValidatedInputSettings
    placeholder={urlInputDefaults.labels.placeholder}
    retry={urlInputDefaults.retryMessageContent}
  />
);
const PhoneInputSettings = () => (
  <ValidatedInputSettings
    placeholder={phoneInputDefaults.labels.placeholder}
    retry={phoneInputDefaults.retryMessageContent}
    country
  />
);

/** One form per block type; a new type does not compile until it has one. */
const FORMS: Record<BlockType, ComponentType> = {
  text: TextBubbleSettings,
  image: ImageBubbleSettings,
  video: VideoBubbleSettings,
  embed: EmbedBubbleSettings,
  audio: AudioBubbleSettings,
  "text input": TextInputSettings,
  "number input": NumberInputSettings,
  "email input": EmailInputSettings,
  "url input": UrlInputSettings,
  "phone number input": PhoneInputSettings,
  "date input": DateInputSettings,
  "time input": TimeInputSettings,
  "choice input": ChoiceInputSettings,
  "picture choice input": PictureChoiceSettings,
  "payment input": PaymentInputSettings,
  "rating input": RatingInputSettings,
  "file input": FileInputSettings,
  cards: CardsSettings,
  "Set variable": SetVariableSettings,
  Condition: ConditionSettings,
  Redirect: RedirectSettings,
  Code: CodeSettings,
  "Bot link": BotLinkSettings,
  Wait: WaitSettings,
  "AB test": AbTestSettings,
  webhook: IncomingWebhookSettings,
  "hand off": HandOffSettings,
  Jump: JumpSettings,
  Return: ReturnSettings,
  Webhook: HttpRequestSettings,
  Zapier: HttpRequestSettings,
  "Make.com": HttpRequestSettings,
  Pabbly: HttpRequestSettings,
  Email: EmailSettings,
  "Google Sheets": GoogleSheetsSettings,
  OpenAI: OpenAiSettings,
  "Google Analytics": GoogleAnalyticsSettings,
  Chatwoot: ChatwootSettings,
  "search knowledge": SearchKnowledgeSettings,
  "knowledge answer": KnowledgeAnswerSettings,
  Pixel: PixelSettings,
  ...aiSettingsForms,
  ...pluginSettingsForms,
};

/** The settings of the selected block. */
export function BlockSettings() {
  const { store } = useEditor();
  const blockId = useStore(store.ui, (ui) => ui.selectedBlockId);
  const found = useStore(store.doc, (doc) => (blockId ? blockById(doc, blockId) : undefined));
  const findings = useStore(
    store.ui,
    (ui) => ui.findings?.filter((finding) => finding.blockId === blockId) ?? [],
    (a, b) => a.length === b.length && a.every((entry, index) => entry === b[index]),
  );
  if (!found) return <p className="muted panel-empty">Select a block on the canvas to edit it.</p>;
  const { block, group, index } = found;
  const Form = FORMS[block.type];
  const entry = blockEntry(block.type);
  return (
    <BlockProvider key={block.id} block={block}>
      <div className="block-settings" data-testid="block-settings" data-block-type={block.type}>
        <p className="panel-context">
          <span className={`block-badge ${entry ? categoryClass[entry.category] : ""}`} aria-hidden="true">
            {entry?.icon}
          </span>
          <span>
            <strong>{blockTitle(block.type)}</strong>{" "}
            <span className="muted">
              · {entry?.category.replace(/s$/, "")} · {group.title}, block {index + 1}
            </span>
          </span>
        </p>
        {entry?.needs && (
          <p className="banner error" role="note" data-testid="block-needs">
            This block cannot run on this server yet: it {entry.needs}. Visitors who reach it skip it, with an error in
            the result's logs.
          </p>
        )}
        {findings.length > 0 && (
          <ul className="banner warning findings-inline">
            {findings.map((finding) => (
              <li key={finding.message}>{finding.message}</li>
            ))}
          </ul>
        )}
        <Form />
        {entry?.category === "Inputs" && <IdleTimeoutField />}
        <button
          type="button"
          className="button danger small delete-block"
          onClick={() => {
            store.update((doc) => removeBlocks(doc, new Set([block.id])));
            store.selectBlock(undefined);
          }}
        >
          Delete this block
        </button>
      </div>
    </BlockProvider>
  );
}
