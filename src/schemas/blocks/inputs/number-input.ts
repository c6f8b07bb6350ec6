import { z } from "zod";
import { blockBaseSchema, inputOptionsBaseSchema, variableOrNumberSchema } from "../shared.js";
import { textLabelsSchema } from "./text-input.js";

export const numberInputStyles = ["decimal", "currency", "percent", "unit"] as const;

/** Units accepted by `Intl.NumberFormat` with `style: "unit"`. */
export const numberInputUnits = [
  "acre",
  "bit",
  "byte",
  "celsius",
  "centimeter",
  "day",
  "degree",
  "fahrenheit",
  "fluid-ounce",
  "foot",
  "gallon",
  "gigabit",
  "gigabyte",
  "gram",
  "hectare",
  "hour",
  "inch",
  "kilobit",
  "kilobyte",
  "kilogram",
  "kilometer",
  "liter",
  "megabit",
  "megabyte",
  "meter",
  "microsecond",
  "mile",
  "mile-scandinavian",
  "milliliter",
  "millimeter",
  "millisecond",
  "minute",
  "month",
  "nanosecond",
  "ounce",
  "percent",
  "petabyte",
  "pound",
  "second",
  "stone",
  "terabit",
  "terabyte",
  "week",
  "yard",
  "year",
] as const;

export const numberInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("number input"),
  options: inputOptionsBaseSchema
    .extend({
      labels: textLabelsSchema.optional(),
      min: variableOrNumberSchema.optional(),
      max: variableOrNumberSchema.optional(),
      step: variableOrNumberSchema.optional(),
      locale: z
        .string()
        .regex(/^[a-z]{2}(-[A-Z]{2})?$/, { error: "locale must look like 'en' or 'en-US'" })
        .optional(),
      style: z.enum(numberInputStyles).optional(),
      currency: z.string().optional(),
      unit: z.enum(numberInputUnits).optional(),
    })
    .optional(),
});
export type NumberInputBlock = z.infer<typeof numberInputBlockSchema>;
