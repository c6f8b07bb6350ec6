import { z } from "zod";
import { blockBaseSchema } from "../shared.js";

/** Standard pixel events; "Custom" sends the event called `name`. */
export const pixelStandardEventTypes = [
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
export const pixelEventTypes = ["Custom", ...pixelStandardEventTypes] as const;

export const pixelBlockSchema = blockBaseSchema.extend({
  type: z.literal("Pixel"),
  options: z
    .object({
      pixelId: z.string().optional(),
      /** The page already initialises the pixel itself. */
      isInitSkip: z.boolean().optional(),
      eventType: z.enum(pixelEventTypes).optional(),
      name: z.string().optional(),
      params: z
        .array(
          z.object({
            id: z.string(),
            key: z.string().optional(),
            value: z.unknown().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});
export type PixelBlock = z.infer<typeof pixelBlockSchema>;
