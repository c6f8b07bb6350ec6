import { AppError } from "../../errors.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";

/**
 * `settings.security.allowedOrigins`, when non-empty, restricts which web pages may talk to a live
 * bot. Requests without an Origin header (servers, curl) are not browsers and are let through.
 */
export function assertOriginAllowed(bot: RuntimeBot, origin: string | undefined): void {
  const allowed = (bot.document.settings as { security?: { allowedOrigins?: string[] } }).security?.allowedOrigins;
  if (!allowed || allowed.length === 0 || origin === undefined) return;
  const normalized = origin.replace(/\/$/, "");
  if (!allowed.some((candidate) => candidate.replace(/\/$/, "") === normalized))
    throw new AppError("ORIGIN_NOT_ALLOWED", "Origin not allowed");
}
