import { describe, expect, it } from "vitest";
import { checkEmptyBubbles } from "../../../src/services/lint/empty-bubbles.js";
import { flow, group, say } from "./lint-fixtures.js";

const empty = (blockId: string, reason: string) => ({
  severity: "warning",
  groupId: "g1",
  blockId,
  message: `${reason}: the visitor would see nothing here`,
});

describe("checkEmptyBubbles", () => {
  it("reports text bubbles without text, blank ones included", () => {
    const doc = flow({
      groups: [
        group("g1", [
          { id: "b-none", type: "text" },
          say("b-blank", "   "),
          {
            id: "b-nested",
            type: "text",
            content: {
              richText: [{ type: "p", children: [{ type: "a", url: "https://x.y", children: [{ text: "" }] }] }],
            },
          },
        ]),
      ],
    });
    expect(checkEmptyBubbles(doc)).toEqual([
      empty("b-none", "This text bubble is empty"),
      empty("b-blank", "This text bubble is empty"),
      empty("b-nested", "This text bubble is empty"),
    ]);
  });

  it("counts a variable as text, and a video id as a video", () => {
    const doc = flow({
      groups: [
        group("g1", [
          say("b-var", "{{Greeting}}"),
          { id: "b-video", type: "video", content: { id: "dQw4w9WgXcQ", type: "youtube" } },
        ]),
      ],
    });
    expect(checkEmptyBubbles(doc)).toEqual([]);
  });

  it("reports media bubbles without their URL", () => {
    const doc = flow({
      groups: [
        group("g1", [
          { id: "b-image", type: "image", content: { url: "" } },
          { id: "b-audio", type: "audio" },
          { id: "b-embed", type: "embed", content: {} },
        ]),
      ],
    });
    expect(checkEmptyBubbles(doc)).toEqual([
      empty("b-image", "This image bubble has no image URL"),
      empty("b-audio", "This audio bubble has no audio URL"),
      empty("b-embed", "This embed bubble has no URL"),
    ]);
  });
});
