import { z } from "zod";

export const backgroundTypes = ["Color", "Image", "None"] as const;
export const shadows = ["none", "sm", "md", "lg", "xl", "2xl"] as const;
/** Spelled "roundeness" in the document, as the spec shows. */
export const borderRoundnesses = ["none", "medium", "large", "custom"] as const;
export const progressBarPlacements = ["Top", "Bottom"] as const;
export const progressBarPositions = ["fixed", "absolute"] as const;

const opacitySchema = z.number().min(0).max(1);

export const borderThemeSchema = z.object({
  thickness: z.number().optional(),
  color: z.string().optional(),
  roundeness: z.enum(borderRoundnesses).optional(),
  customRoundeness: z.number().optional(),
  opacity: opacitySchema.optional(),
});
export type BorderTheme = z.infer<typeof borderThemeSchema>;

export const containerThemeSchema = z.object({
  backgroundColor: z.string().optional(),
  color: z.string().optional(),
  blur: z.number().optional(),
  opacity: opacitySchema.optional(),
  shadow: z.enum(shadows).optional(),
  border: borderThemeSchema.optional(),
});
export type ContainerTheme = z.infer<typeof containerThemeSchema>;

const avatarSchema = z.object({
  isEnabled: z.boolean().optional(),
  url: z.string().optional(),
});

/** A bare family name, or a Google / custom font description. */
export const fontSchema = z.union([
  z.string(),
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("Google"), family: z.string().optional() }),
    z.object({
      type: z.literal("Custom"),
      family: z.string().optional(),
      css: z.string().optional(),
      url: z.string().optional(),
    }),
  ]),
]);
export type Font = z.infer<typeof fontSchema>;

export const themeSchema = z
  .object({
    general: z
      .object({
        font: fontSchema.optional(),
        background: z
          .object({
            type: z.enum(backgroundTypes).optional(),
            content: z.string().optional(),
          })
          .optional(),
        progressBar: z
          .object({
            isEnabled: z.boolean().optional(),
            color: z.string().optional(),
            backgroundColor: z.string().optional(),
            placement: z.enum(progressBarPlacements).optional(),
            thickness: z.number().optional(),
            position: z.enum(progressBarPositions).optional(),
          })
          .optional(),
      })
      .optional(),
    chat: z
      .object({
        container: containerThemeSchema
          .extend({
            maxWidth: z.string().optional(),
            maxHeight: z.string().optional(),
          })
          .optional(),
        hostAvatar: avatarSchema.optional(),
        guestAvatar: avatarSchema.optional(),
        hostBubbles: containerThemeSchema.optional(),
        guestBubbles: containerThemeSchema.optional(),
        buttons: containerThemeSchema.optional(),
        inputs: containerThemeSchema.extend({ placeholderColor: z.string().optional() }).optional(),
        /** Superseded by `border.roundeness` of each part; still read when those are unset. */
        roundness: z.enum(["none", "medium", "large"]).optional(),
      })
      .optional(),
    customCss: z.string().optional(),
  })
  .meta({ id: "Theme" });
export type Theme = z.infer<typeof themeSchema>;
