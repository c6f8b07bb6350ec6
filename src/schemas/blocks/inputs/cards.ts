import { z } from "zod";
import { blockBaseSchema, displayConditionSchema, inputOptionsBaseSchema, itemBaseSchema } from "../shared.js";

export const cardMappableFields = ["Image URL", "Title", "Description", "Button", "Internal Value"] as const;
export type CardMappableField = (typeof cardMappableFields)[number];

/** A button on a card; each path has its own edge. */
export const cardsItemPathSchema = z.object({
  id: z.string(),
  text: z.string().optional(),
  outgoingEdgeId: z.string().optional(),
});
export type CardsItemPath = z.infer<typeof cardsItemPathSchema>;

export const cardsItemSchema = itemBaseSchema.extend({
  imageUrl: z.string().nullish(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  options: z
    .object({
      displayCondition: displayConditionSchema.optional(),
      internalValue: z.string().nullish(),
    })
    .optional(),
  paths: z.array(cardsItemPathSchema).optional(),
});
export type CardsItem = z.infer<typeof cardsItemSchema>;

export const cardsBlockSchema = blockBaseSchema.extend({
  type: z.literal("cards"),
  items: z.array(cardsItemSchema),
  options: inputOptionsBaseSchema
    .extend({
      saveResponseMapping: z
        .array(
          z.object({
            field: z.enum(cardMappableFields).optional(),
            variableId: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});
export type CardsBlock = z.infer<typeof cardsBlockSchema>;
