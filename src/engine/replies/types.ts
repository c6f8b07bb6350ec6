/**
 * A block's options as a reply parser reads them: the fields `K` of the options its zod schema infers,
 * each also tolerating null (templating may leave a field empty).
 */
export type ReplyOptions<B extends { options?: unknown }, K extends keyof NonNullable<B["options"]>> = {
  [P in K]?: NonNullable<B["options"]>[P] | null;
};

/** What the visitor sent in answer to an input block. */
export type ReplyMessage = {
  type: "text";
  text: string;
  attachedFileUrls?: string[];
  /** Id of the button the client clicked, when it knows it (choice, picture choice, cards). */
  replyId?: string;
  /** Set when the answer is a recorded audio clip: `text` is then its URL. */
  isAudioClip?: boolean;
};

/**
 * Outcome of validating a reply against an input block.
 * `skip` means "nothing to save, follow the block's default edge" (non-required file input only).
 */
export type ParsedReply =
  | {
      status: "success";
      content: string;
      outgoingEdgeId?: string;
      variablesToUpdate?: { variableId: string; value: string | null }[];
    }
  | { status: "fail" }
  | { status: "skip" };

/** The structural part of a bot variable that reply parsing reads. */
export type ReplyVariable = {
  id: string;
  name: string;
  value?: string | readonly (string | null)[] | null;
};
