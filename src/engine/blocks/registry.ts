import { httpRequestBlockTypes, type Block, type InputBlock } from "../../schemas/blocks/index.js";
import type { ChatBubble, ChatInput } from "../../schemas/chat.js";
import type { ParsedReply, ReplyMessage } from "../replies/types.js";
import type { ActionExecutor, ActionOutcome, ExecutionContext, ExecutorRegistry } from "./executor.js";
import { presentInput } from "./inputs/present.js";
import { audioExecutor } from "./bubbles/audio.js";
import { embedExecutor } from "./bubbles/embed.js";
import { imageExecutor } from "./bubbles/image.js";
import { textExecutor } from "./bubbles/text.js";
import { videoExecutor } from "./bubbles/video.js";
import { cardsExecutor } from "./inputs/cards.js";
import { choiceInputExecutor } from "./inputs/choice-input.js";
import { dateInputExecutor } from "./inputs/date-input.js";
import { emailInputExecutor } from "./inputs/email-input.js";
import { fileInputExecutor } from "./inputs/file-input.js";
import { numberInputExecutor } from "./inputs/number-input.js";
import { paymentInputExecutor } from "./inputs/payment-input.js";
import { phoneInputExecutor } from "./inputs/phone-input.js";
import { pictureChoiceInputExecutor } from "./inputs/picture-choice-input.js";
import { ratingInputExecutor } from "./inputs/rating-input.js";
import { textInputExecutor } from "./inputs/text-input.js";
import { timeInputExecutor } from "./inputs/time-input.js";
import { urlInputExecutor } from "./inputs/url-input.js";
import { conditionExecutor } from "./logic/condition.js";
import { botLinkExecutor } from "./logic/bot-link.js";
import { returnExecutor } from "./logic/return.js";
import { jumpExecutor } from "./logic/jump.js";
import { abTestExecutor } from "./logic/ab-test.js";
import { waitExecutor } from "./logic/wait.js";
import { redirectExecutor } from "./logic/redirect.js";
import { codeExecutor } from "./logic/code.js";
import { setVariableExecutor } from "./logic/set-variable.js";
import { chatwootExecutor } from "./integrations/chatwoot.js";
import { emailExecutor } from "./integrations/email.js";
import { googleAnalyticsExecutor } from "./integrations/google-analytics.js";
import { httpRequestExecutor } from "./integrations/http-request.js";
import { openAiExecutor } from "./integrations/openai.js";
import { pixelExecutor } from "./integrations/pixel.js";
import { googleSheetsExecutor } from "./integrations/google-sheets/google-sheets.js";
import { webhookExecutor } from "./logic/webhook.js";
import { aiExecutors } from "./integrations/ai/ai-block.js";
import { handOffExecutor } from "./logic/hand-off.js";
import { pluginExecutors } from "./integrations/plugins/index.js";
import { knowledgeAnswerExecutor } from "./integrations/knowledge/knowledge-answer.js";
import { searchKnowledgeExecutor } from "./integrations/knowledge/search-knowledge.js";

const httpRequestExecutors = Object.fromEntries(httpRequestBlockTypes.map((type) => [type, httpRequestExecutor])) as {
  [T in (typeof httpRequestBlockTypes)[number]]: ActionExecutor<T>;
};

/** Block type → executor. Typed exhaustively: a new block type does not compile until it is listed here. */
export const registry: ExecutorRegistry = {
  text: textExecutor,
  image: imageExecutor,
  video: videoExecutor,
  embed: embedExecutor,
  audio: audioExecutor,
  "text input": textInputExecutor,
  "number input": numberInputExecutor,
  "email input": emailInputExecutor,
  "url input": urlInputExecutor,
  "phone number input": phoneInputExecutor,
  "date input": dateInputExecutor,
  "time input": timeInputExecutor,
  "choice input": choiceInputExecutor,
  "picture choice input": pictureChoiceInputExecutor,
  "payment input": paymentInputExecutor,
  "rating input": ratingInputExecutor,
  "file input": fileInputExecutor,
  cards: cardsExecutor,
  "Set variable": setVariableExecutor,
  Condition: conditionExecutor,
  Redirect: redirectExecutor,
  Code: codeExecutor,
  "Bot link": botLinkExecutor,
  Wait: waitExecutor,
  "AB test": abTestExecutor,
  webhook: webhookExecutor,
  "hand off": handOffExecutor,
  Jump: jumpExecutor,
  Return: returnExecutor,
  ...httpRequestExecutors,
  Email: emailExecutor,
  "Google Sheets": googleSheetsExecutor,
  OpenAI: openAiExecutor,
  "Google Analytics": googleAnalyticsExecutor,
  Chatwoot: chatwootExecutor,
  Pixel: pixelExecutor,
  "search knowledge": searchKnowledgeExecutor,
  "knowledge answer": knowledgeAnswerExecutor,
  ...aiExecutors,
  ...pluginExecutors,
};

/** An executor whose methods take any block: what a registry entry is once its type is no longer known. */
type ErasedExecutor =
  | {
      kind: "bubble";
      toBubble(block: Block, ctx: ExecutionContext): ChatBubble | undefined;
      waitsForEvent?(block: Block): boolean;
      evaluatesInlineCode?: true;
    }
  | {
      kind: "input";
      present?(block: Block, ctx: ExecutionContext): ChatInput;
      parseReply(block: Block, reply: ReplyMessage | undefined, ctx: ExecutionContext): ParsedReply;
    }
  | {
      kind: "action";
      execute(block: Block, ctx: ExecutionContext): ActionOutcome | Promise<ActionOutcome>;
      resume?(block: Block, reply: string | undefined, ctx: ExecutionContext): ActionOutcome | Promise<ActionOutcome>;
      evaluatesInlineCode?: true;
      moreInlineTexts?(block: Block, ctx: Pick<ExecutionContext, "bot" | "state">): string[];
    };

export type BoundInputExecutor = {
  kind: "input";
  evaluatesInlineCode: false;
  /** The input as sent to the client (the templated block unless the executor presents it itself). */
  present(ctx: ExecutionContext): ChatInput;
  parseReply(reply: ReplyMessage | undefined, ctx: ExecutionContext): ParsedReply;
};

/** A block's executor with the block bound in: what the walk and the reply handling call. */
export type BoundExecutor =
  | {
      kind: "bubble";
      /** The walk evaluates the block's `{{= … =}}` values ahead (ExecutionContext.inlineValues). */
      evaluatesInlineCode: boolean;
      toBubble(ctx: ExecutionContext): ChatBubble | undefined;
      waitsForEvent(): boolean;
    }
  | BoundInputExecutor
  | {
      kind: "action";
      evaluatesInlineCode: boolean;
      execute(ctx: ExecutionContext): ActionOutcome | Promise<ActionOutcome>;
      /** Present when the block asks the client to act and waits for its reply. */
      resume?(reply: string | undefined, ctx: ExecutionContext): ActionOutcome | Promise<ActionOutcome>;
      /** Texts outside the block whose inline code it reads (a Transcript's replayed bubbles); evaluated ahead too. */
      moreInlineTexts(ctx: Pick<ExecutionContext, "bot" | "state">): string[];
    };

export function executorFor(block: InputBlock): BoundInputExecutor;
export function executorFor(block: Block): BoundExecutor;
/** The executor of a block's type, bound to that block. */
export function executorFor(block: Block): BoundExecutor {
  // The only cast between the registry and the engine: `registry` is keyed exhaustively by type, so the
  // entry for `block.type` takes exactly this block, but TypeScript cannot relate a union's key to its value.
  const executor = registry[block.type] as ErasedExecutor;
  switch (executor.kind) {
    case "bubble":
      return {
        kind: "bubble",
        evaluatesInlineCode: executor.evaluatesInlineCode === true,
        toBubble: (ctx) => executor.toBubble(block, ctx),
        waitsForEvent: () => executor.waitsForEvent?.(block) ?? false,
      };
    case "input":
      return {
        kind: "input",
        evaluatesInlineCode: false,
        present: (ctx) => (executor.present ? executor.present(block, ctx) : presentInput(block, ctx)),
        parseReply: (reply, ctx) => executor.parseReply(block, reply, ctx),
      };
    case "action": {
      const { resume } = executor;
      return {
        kind: "action",
        evaluatesInlineCode: executor.evaluatesInlineCode === true,
        execute: (ctx) => executor.execute(block, ctx),
        moreInlineTexts: (ctx) => executor.moreInlineTexts?.(block, ctx) ?? [],
        ...(resume ? { resume: (reply, ctx) => resume.call(executor, block, reply, ctx) } : {}),
      };
    }
  }
}
