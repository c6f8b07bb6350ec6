import { AppError } from "../../errors.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";

/**
 * The web pages a request speaks for: its Origin, and for the reference's embed client inside an
 * iframe also the page around it (`x-typebot-iframe-referrer-origin`). Undefined: not a browser.
 */
export type CallingOrigin = string | readonly string[] | undefined;

const withoutSlash = (origin: string) => origin.replace(/\/$/, "");

/**
 * `settings.security.allowedOrigins`, when non-empty, restricts which web pages may talk to a live
 * bot: every page the request names must be listed. Requests without an Origin header (servers,
 * curl) are not browsers and are let through.
 */
export function assertOriginAllowed(bot: RuntimeBot, origin: CallingOrigin): void {
  const allowed = (bot.document.settings as { security?: { allowedOrigins?: string[] } }).security?.allowedOrigins;
  if (!allowed || allowed.length === 0 || origin === undefined) return;
  const listed = new Set(allowed.map(withoutSlash));
  const named = typeof origin === "string" ? [origin] : origin;
  if (!named.every((candidate) => listed.has(withoutSlash(candidate))))
    throw new AppError("ORIGIN_NOT_ALLOWED", "Origin not allowed");
}
