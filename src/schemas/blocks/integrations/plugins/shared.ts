import { z } from "zod";

/**
 * Pieces the plug-in blocks' options share. As with the AI blocks, every field is optional: the builder
 * saves what the author filled in and the engine logs what is missing; unknown keys are kept.
 */
export const optionalText = z.string().optional();

/** `[{key, value}]` rows (properties, traits, record fields). */
export const keyValueRowsSchema = z.array(z.looseObject({ key: optionalText, value: optionalText })).optional();
export type KeyValueRows = z.infer<typeof keyValueRowsSchema>;
