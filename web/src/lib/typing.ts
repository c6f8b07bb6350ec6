import type { Json } from "./types";

/** How long the bot "types" a bubble: words at `speed` words a minute, never longer than `maxDelay` seconds. */
export function typingDuration(text: string, settings: Json | undefined): number {
  const typing = settings?.typingEmulation ?? {};
  const enabled = (typing.enabled ?? true) && settings?.general?.isTypingEmulationEnabled !== false;
  if (!enabled) return 0;
  const speed = typeof typing.speed === "number" && typing.speed > 0 ? typing.speed : 400;
  const maxDelay = typeof typing.maxDelay === "number" ? typing.maxDelay : 3;
  const words = text.match(/\w+/g)?.length || text.length;
  return Math.min((words / speed) * 60_000, maxDelay * 1000);
}

export function delayBetweenBubbles(settings: Json | undefined): number {
  const seconds = settings?.typingEmulation?.delayBetweenBubbles;
  return typeof seconds === "number" && seconds > 0 ? Math.min(seconds, 5) * 1000 : 0;
}

export const isTypingSkippedOnFirstMessage = (settings: Json | undefined) =>
  settings?.typingEmulation?.isDisabledOnFirstMessage ?? true;
