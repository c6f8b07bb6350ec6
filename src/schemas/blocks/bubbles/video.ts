import { z } from "zod";
import { blockBaseSchema, variableOrNumberSchema } from "../shared.js";

export const videoSources = ["url", "youtube", "vimeo", "tiktok", "gumlet"] as const;
export type VideoSource = (typeof videoSources)[number];

export const videoBubbleBlockSchema = blockBaseSchema.extend({
  type: z.literal("video"),
  content: z
    .object({
      url: z.string().optional(),
      /** Id of the video on its platform, filled in when the URL is classified. */
      id: z.string().optional(),
      type: z.enum(videoSources).optional(),
      height: variableOrNumberSchema.optional(),
      aspectRatio: z.string().optional(),
      maxWidth: z.string().optional(),
      queryParamsStr: z.string().optional(),
      areControlsDisplayed: z.boolean().optional(),
      isAutoplayEnabled: z.boolean().optional(),
    })
    .optional(),
});
export type VideoBubbleBlock = z.infer<typeof videoBubbleBlockSchema>;
