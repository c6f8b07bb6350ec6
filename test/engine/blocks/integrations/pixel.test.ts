import { describe, expect, it } from "vitest";
import { pixelExecutor } from "../../../../src/engine/blocks/integrations/pixel.js";
import { integrationContext } from "./integration-context.js";

const variables = [
  { id: "v-cat", name: "Category", value: "signup" },
  { id: "v-num", name: "Amount", value: "42" },
  { id: "v-zip", name: "Zip", value: "01234" },
  { id: "v-email", name: "Email", value: 'eve@example.com"); alert(1); ("' },
];

describe("Pixel block", () => {
  const block = {
    id: "px",
    type: "Pixel" as const,
    outgoingEdgeId: "e-next",
    options: {
      pixelId: "1234567890123456789",
      eventType: "Purchase" as const,
      params: [
        { id: "p", key: "value", value: "{{Amount}}" },
        { id: "q", key: "currency", value: "EUR" },
      ],
    },
  };

  it("asks the client to track the event with typed parameters and the pixel id as written", async () => {
    expect(await pixelExecutor.execute(block, integrationContext({ variables }))).toEqual({
      outgoingEdgeId: "e-next",
      clientSideActions: [
        {
          type: "pixel",
          pixel: {
            pixelId: "1234567890123456789",
            eventType: "Purchase",
            params: [
              { id: "p", key: "value", value: 42 },
              { id: "q", key: "currency", value: "EUR" },
            ],
          },
        },
      ],
    });
  });

  it("is skipped in preview, and without a pixel id or an event", async () => {
    expect(await pixelExecutor.execute(block, integrationContext({ variables, mode: "preview" }))).toEqual({
      outgoingEdgeId: "e-next",
    });
    expect(
      await pixelExecutor.execute({ ...block, options: { pixelId: "1" } }, integrationContext({ variables })),
    ).toEqual({ outgoingEdgeId: "e-next" });
  });
});
