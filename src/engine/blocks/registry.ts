import { forgedBlockTypes, httpRequestBlockTypes, type ForgedBlockType } from "../../schemas/blocks/index.js";
import type { ActionExecutor, ExecutorRegistry } from "./executor.js";
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
import { unsupportedExecutor } from "./unsupported.js";
import { aiBlockExecutor, isAiProvider } from "./integrations/ai/ai-block.js";

const forgedExecutors = Object.fromEntries(
  forgedBlockTypes.map((type) => [type, isAiProvider(type) ? aiBlockExecutor(type) : unsupportedExecutor(type)]),
) as { [T in ForgedBlockType]: ActionExecutor<T> };
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
  Condition: conditionExecutor,
  // Logic and integration blocks below are run by the next milestone's executors (issue: logic and
  // integration blocks); until then they are logged and skipped along their edge.
  "Set variable": setVariableExecutor,
  Redirect: redirectExecutor,
  Code: codeExecutor,
  "Bot link": botLinkExecutor,
  Wait: waitExecutor,
  "AB test": abTestExecutor,
  webhook: unsupportedExecutor("webhook"),
  Jump: jumpExecutor,
  Return: returnExecutor,
  ...httpRequestExecutors,
  Email: emailExecutor,
  "Google Sheets": unsupportedExecutor("Google Sheets"),
  OpenAI: openAiExecutor,
  "Google Analytics": googleAnalyticsExecutor,
  Chatwoot: chatwootExecutor,
  Pixel: pixelExecutor,
  ...forgedExecutors,
};
