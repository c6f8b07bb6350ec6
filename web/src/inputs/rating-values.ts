// Imports only the catalogue (with extensions), so tests on Node can check the values against the engine.
import { ratingRange } from "../../../src/schemas/blocks/catalogue/index.js";

/** At most this many buttons fit the chat's width. */
const MAX_BUTTONS = 20;

/** The values the buttons offer: the catalogue's range (the one the engine accepts), in whole steps. */
export function ratingValues(options: Parameters<typeof ratingRange>[0]): number[] {
  const { lowest, highest } = ratingRange(options);
  const last = Math.min(Math.max(Math.round(highest), 1), MAX_BUTTONS);
  const first = Math.min(Math.round(lowest), last);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
