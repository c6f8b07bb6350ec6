import { describe, expect, it } from "vitest";
import { googleAnalyticsExecutor } from "../../../../src/engine/blocks/integrations/google-analytics.js";
import { integrationContext } from "./integration-context.js";

const variables = [
  { id: "v-cat", name: "Category", value: "signup" },
  { id: "v-num", name: "Amount", value: "42" },
  { id: "v-zip", name: "Zip", value: "01234" },
  { id: "v-email", name: "Email", value: 'eve@example.com"); alert(1); ("' },
];

describe("Google Analytics block", () => {
  const block = {
    id: "ga",
    type: "Google Analytics" as const,
    outgoingEdgeId: "e-next",
    options: {
      trackingId: "G-123",
      category: "{{Category}}",
      action: "{{Amount}}",
      label: "{{Unknown}}",
      value: 5,
      sendTo: "{{Zip}}",
    },
  };

  it("asks the client to send the event, values templated and typed, empty ones left out", async () => {
    expect(await googleAnalyticsExecutor.execute(block, integrationContext({ variables }))).toEqual({
      outgoingEdgeId: "e-next",
      clientSideActions: [
        {
          type: "googleAnalytics",
          googleAnalytics: { trackingId: "G-123", category: "signup", action: 42, value: 5, sendTo: "01234" },
        },
      ],
    });
  });

  it("is skipped silently in preview", async () => {
    expect(await googleAnalyticsExecutor.execute(block, integrationContext({ variables, mode: "preview" }))).toEqual({
      outgoingEdgeId: "e-next",
    });
  });
});
