/**
 * Block schemas of the v6 bot document: one file per block type under bubbles/, inputs/, logic/ and
 * integrations/, each exporting `<name>BlockSchema` and its inferred type; the kind's defaults, names and
 * icon are in its catalogue entry (./catalogue/), plain data the browser bundles can take without zod.
 * `blockSchema` joins them on `type`, and the categories below decide how the engine treats a block.
 * Every option is optional and nothing is defaulted in the schema: defaults are applied when a block
 * is read (`options?.x ?? defaults.x`), so stored documents keep only what their authors set. Unknown
 * keys are stripped, except in plug-in (forged) options, which keep the reference's hidden fields. Documents older
 * than v6 go through `upgradeBotDocument` (../upgrade.ts) before these schemas see them.
 */
import { z } from "zod";
import { audioBubbleBlockSchema } from "./bubbles/audio.js";
import { embedBubbleBlockSchema } from "./bubbles/embed.js";
import { imageBubbleBlockSchema } from "./bubbles/image.js";
import { textBubbleBlockSchema } from "./bubbles/text.js";
import { videoBubbleBlockSchema } from "./bubbles/video.js";
import { cardsBlockSchema } from "./inputs/cards.js";
import { choiceInputBlockSchema } from "./inputs/choice-input.js";
import { dateInputBlockSchema } from "./inputs/date-input.js";
import { emailInputBlockSchema } from "./inputs/email-input.js";
import { fileInputBlockSchema } from "./inputs/file-input.js";
import { numberInputBlockSchema } from "./inputs/number-input.js";
import { paymentInputBlockSchema } from "./inputs/payment-input.js";
import { phoneInputBlockSchema } from "./inputs/phone-input.js";
import { pictureChoiceInputBlockSchema } from "./inputs/picture-choice-input.js";
import { ratingInputBlockSchema } from "./inputs/rating-input.js";
import { textInputBlockSchema } from "./inputs/text-input.js";
import { timeInputBlockSchema } from "./inputs/time-input.js";
import { urlInputBlockSchema } from "./inputs/url-input.js";
import { chatwootBlockSchema } from "./integrations/chatwoot.js";
import { emailBlockSchema } from "./integrations/email.js";
import { aiBlockSchemas, forgedBlockTypes, pluginBlockSchemas } from "./integrations/forged.js";
import { googleAnalyticsBlockSchema } from "./integrations/google-analytics.js";
import { googleSheetsBlockSchema } from "./integrations/google-sheets.js";
import { httpRequestBlockSchema, httpRequestBlockTypes } from "./integrations/http-request.js";
import { knowledgeAnswerBlockSchema } from "./integrations/knowledge-answer.js";
import { searchKnowledgeBlockSchema } from "./integrations/knowledge-search.js";
import { openAiBlockSchema } from "./integrations/openai.js";
import { pixelBlockSchema } from "./integrations/pixel.js";
import { abTestBlockSchema } from "./logic/ab-test.js";
import { botLinkBlockSchema } from "./logic/bot-link.js";
import { codeBlockSchema } from "./logic/code.js";
import { conditionBlockSchema } from "./logic/condition.js";
import { jumpBlockSchema } from "./logic/jump.js";
import { redirectBlockSchema } from "./logic/redirect.js";
import { returnBlockSchema } from "./logic/return.js";
import { setVariableBlockSchema } from "./logic/set-variable.js";
import { waitBlockSchema } from "./logic/wait.js";
import { webhookBlockSchema } from "./logic/webhook.js";
import { handOffBlockSchema } from "./logic/hand-off.js";

export * from "./shared.js";
export * from "./catalogue/index.js";
export * from "./start.js";
export * from "./bubbles/text.js";
export * from "./bubbles/image.js";
export * from "./bubbles/video.js";
export * from "./bubbles/embed.js";
export * from "./bubbles/audio.js";
export * from "./inputs/text-input.js";
export * from "./inputs/number-input.js";
export * from "./inputs/email-input.js";
export * from "./inputs/url-input.js";
export * from "./inputs/phone-input.js";
export * from "./inputs/date-input.js";
export * from "./inputs/time-input.js";
export * from "./inputs/choice-input.js";
export * from "./inputs/picture-choice-input.js";
export * from "./inputs/payment-input.js";
export * from "./inputs/rating-input.js";
export * from "./inputs/file-input.js";
export * from "./inputs/cards.js";
export * from "./logic/set-variable.js";
export * from "./logic/condition.js";
export * from "./logic/redirect.js";
export * from "./logic/code.js";
export * from "./logic/bot-link.js";
export * from "./logic/wait.js";
export * from "./logic/ab-test.js";
export * from "./logic/webhook.js";
export * from "./logic/jump.js";
export * from "./logic/return.js";
export * from "./integrations/http-request.js";
export * from "./integrations/email.js";
export * from "./integrations/google-sheets.js";
export * from "./integrations/openai.js";
export * from "./integrations/google-analytics.js";
export * from "./integrations/chatwoot.js";
export * from "./integrations/pixel.js";
export * from "./integrations/knowledge-options.js";
export * from "./integrations/knowledge-search.js";
export * from "./integrations/knowledge-answer.js";
export * from "./integrations/forged.js";

export const blockSchema = z
  .discriminatedUnion("type", [
    textBubbleBlockSchema,
    imageBubbleBlockSchema,
    videoBubbleBlockSchema,
    embedBubbleBlockSchema,
    audioBubbleBlockSchema,
    textInputBlockSchema,
    numberInputBlockSchema,
    emailInputBlockSchema,
    urlInputBlockSchema,
    phoneInputBlockSchema,
    dateInputBlockSchema,
    timeInputBlockSchema,
    choiceInputBlockSchema,
    pictureChoiceInputBlockSchema,
    paymentInputBlockSchema,
    ratingInputBlockSchema,
    fileInputBlockSchema,
    cardsBlockSchema,
    setVariableBlockSchema,
    conditionBlockSchema,
    redirectBlockSchema,
    codeBlockSchema,
    botLinkBlockSchema,
    waitBlockSchema,
    abTestBlockSchema,
    webhookBlockSchema,
    handOffBlockSchema,
    jumpBlockSchema,
    returnBlockSchema,
    httpRequestBlockSchema,
    emailBlockSchema,
    googleSheetsBlockSchema,
    openAiBlockSchema,
    googleAnalyticsBlockSchema,
    chatwootBlockSchema,
    pixelBlockSchema,
    searchKnowledgeBlockSchema,
    knowledgeAnswerBlockSchema,
    ...aiBlockSchemas,
    ...pluginBlockSchemas,
  ])
  .meta({ id: "Block" });
export type Block = z.infer<typeof blockSchema>;
export type BlockType = Block["type"];

export const bubbleBlockTypes = ["text", "image", "video", "embed", "audio"] as const;

export const inputBlockTypes = [
  "text input",
  "number input",
  "email input",
  "url input",
  "phone number input",
  "date input",
  "time input",
  "choice input",
  "picture choice input",
  "payment input",
  "rating input",
  "file input",
  "cards",
] as const;

export const logicBlockTypes = [
  "Set variable",
  "Condition",
  "Redirect",
  "Code",
  "Bot link",
  "Wait",
  "AB test",
  "webhook",
  "hand off",
  "Jump",
  "Return",
] as const;

export const integrationBlockTypes = [
  ...httpRequestBlockTypes,
  "Email",
  "Google Sheets",
  "OpenAI",
  "Google Analytics",
  "Chatwoot",
  "Pixel",
  "search knowledge",
  "knowledge answer",
  ...forgedBlockTypes,
] as const;

export type BubbleBlockType = (typeof bubbleBlockTypes)[number];
export type InputBlockType = (typeof inputBlockTypes)[number];
export type LogicBlockType = (typeof logicBlockTypes)[number];
export type IntegrationBlockType = (typeof integrationBlockTypes)[number];

// Compile-time check that the four categories cover every block type, and nothing else.
type Categorised = BubbleBlockType | InputBlockType | LogicBlockType | IntegrationBlockType;
const everyBlockTypeIsCategorised: [Exclude<BlockType, Categorised>, Exclude<Categorised, BlockType>] extends [
  never,
  never,
]
  ? true
  : never = true;
void everyBlockTypeIsCategorised;

export type BubbleBlock = Extract<Block, { type: BubbleBlockType }>;
export type InputBlock = Extract<Block, { type: InputBlockType }>;
export type LogicBlock = Extract<Block, { type: LogicBlockType }>;
export type IntegrationBlock = Extract<Block, { type: IntegrationBlockType }>;

/** Blocks that route through their items (condition branches, choices, A/B paths, cards). */
export type BlockWithItems = Extract<Block, { items: unknown }>;
export type BlockItem = BlockWithItems["items"][number];

const typeSet = (types: readonly string[]): ReadonlySet<string> => new Set(types);
const bubbleTypes = typeSet(bubbleBlockTypes);
const inputTypes = typeSet(inputBlockTypes);
const logicTypes = typeSet(logicBlockTypes);
const integrationTypes = typeSet(integrationBlockTypes);

export const isBubbleBlock = (block: Block): block is BubbleBlock => bubbleTypes.has(block.type);
export const isInputBlock = (block: Block): block is InputBlock => inputTypes.has(block.type);
export const isLogicBlock = (block: Block): block is LogicBlock => logicTypes.has(block.type);
export const isIntegrationBlock = (block: Block): block is IntegrationBlock => integrationTypes.has(block.type);
export const isBlockWithItems = (block: Block): block is BlockWithItems => "items" in block;
