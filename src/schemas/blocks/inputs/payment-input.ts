import { z } from "zod";
import { blockBaseSchema, inputOptionsBaseSchema } from "../shared.js";

/** The card processor is a third-party service, so its name is kept as the option value. */
export const paymentProviders = ["Stripe"] as const;

const addressSchema = z.object({
  country: z.string().optional(),
  line1: z.string().optional(),
  line2: z.string().optional(),
  state: z.string().optional(),
  city: z.string().optional(),
  postalCode: z.string().optional(),
});

export const paymentInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("payment input"),
  options: inputOptionsBaseSchema
    .extend({
      provider: z.enum(paymentProviders).optional(),
      labels: z
        .object({
          button: z.string().optional(),
          success: z.string().optional(),
        })
        .optional(),
      additionalInformation: z
        .object({
          description: z.string().optional(),
          name: z.string().optional(),
          email: z.string().optional(),
          phoneNumber: z.string().optional(),
          address: addressSchema.optional(),
        })
        .optional(),
      credentialsId: z.string().optional(),
      currency: z.string().optional(),
      /** Text, so it may hold a `{{variable}}`. */
      amount: z.string().optional(),
      retryMessageContent: z.string().optional(),
    })
    .optional(),
});
export type PaymentInputBlock = z.infer<typeof paymentInputBlockSchema>;
