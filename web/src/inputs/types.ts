import type { UploadedFile } from "../lib/api";
import type { ChatInput, Json } from "../lib/types";

/** What an input hands back: the text the server reads, and what the visitor sees in their bubble. */
export type Answer = {
  text: string;
  display?: string;
  replyId?: string;
  attachedFileUrls?: string[];
  files?: { name: string; url: string }[];
  /** The visitor picked a labelled option: their bubble keeps that label, whatever value the server stores. */
  isPick?: boolean;
  /** Sent as no message at all (a skipped optional input). */
  empty?: boolean;
};

export type InputContext = {
  submit(answer: Answer): void;
  upload(file: File, onProgress: (fraction: number) => void): Promise<UploadedFile>;
  settings: Json;
  /** The value the flow already holds, when the bot allows prefilling. */
  prefill?: string;
};

export type InputView = { element: HTMLElement; focus(): void };

export type InputRenderer = (input: ChatInput, ctx: InputContext) => InputView;

export const optionsOf = (input: ChatInput): Json => input.options ?? {};
export const labelsOf = (input: ChatInput): Json => input.options?.labels ?? {};
