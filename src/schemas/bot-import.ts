import { z } from "zod";

/** Why part of an export's address (public id, custom domain) was not kept by an import, and its value. */
export const importNoticeSchema = z.object({
  code: z.enum(["PUBLIC_ID_TAKEN", "PUBLIC_ID_INVALID", "CUSTOM_DOMAIN_TAKEN"]),
  field: z.enum(["publicId", "customDomain"]),
  /** The export's value, for the owner to re-enter once it is free. */
  value: z.string(),
  message: z.string(),
});
export type ImportNotice = z.infer<typeof importNoticeSchema>;
