import { z } from "zod";

/** The conversation tests stored with a bot, as YAML (docs/testing-bots.md). */
export const botTestsSchema = z.object({ yaml: z.string(), updatedAt: z.string().nullable() });

/** Half a megabyte of YAML is hundreds of conversations; the file format caps it too. */
export const botTestsInputSchema = z.object({ yaml: z.string().max(512 * 1024) });

const transcriptLineSchema = z.object({
  role: z.enum(["bot", "user", "input", "action", "log"]),
  text: z.string(),
  blockId: z.string().optional(),
});

export const botTestRunSchema = z.object({
  conversations: z.array(
    z.object({
      name: z.string(),
      passed: z.boolean(),
      durationMs: z.number(),
      failure: z
        .object({
          stepIndex: z.number().optional(),
          step: z.string(),
          expected: z.string(),
          got: z.string(),
          diff: z.string().optional(),
          blockId: z.string().optional(),
          /** The failure as `parley test` prints it: step, expected vs got, the conversation so far. */
          details: z.string(),
        })
        .optional(),
      transcript: z.array(transcriptLineSchema),
    }),
  ),
});
export type BotTestRun = z.infer<typeof botTestRunSchema>;
