import { z } from "zod";

const text = z.string().optional();

export const qrCodeActions = { generate: "Generate a QR Code" } as const;

/** QR code "Generate a QR Code", as the reference stores it. */
export const qrCodeOptionsSchema = z.looseObject({ action: text, data: text, saveUrlInVariableId: text });
