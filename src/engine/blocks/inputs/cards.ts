import { evaluateCondition } from "../../conditions/evaluate-condition.js";
import { parseCardsReply } from "../../replies/cards.js";
import { getDisplayedCards } from "../../replies/displayed-items.js";
import { deepSubstitute } from "../../variables/substitute.js";
import type { ExecutionContext, InputExecutor } from "../executor.js";
import type { CardsBlock } from "../../../schemas/blocks/index.js";
import { presentInput, templatedOptions } from "./present.js";

// Dynamic cards expand from the raw `{{List}}` references, so expansion comes before templating.
const displayedCards = (block: CardsBlock, ctx: ExecutionContext) =>
  deepSubstitute(getDisplayedCards(block, ctx.state.variables, evaluateCondition), ctx.state.variables);

export const cardsExecutor: InputExecutor<"cards"> = {
  kind: "input",
  present: (block, ctx) => ({ ...presentInput(block, ctx), items: displayedCards(block, ctx) }),
  parseReply: (block, reply, ctx) =>
    parseCardsReply(reply, {
      items: displayedCards(block, ctx),
      saveResponseMapping: templatedOptions(block, ctx)?.saveResponseMapping,
    }),
};
