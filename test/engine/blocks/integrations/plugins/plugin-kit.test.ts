import { describe, expect, it } from "vitest";
import { nocoDbExecutor } from "../../../../../src/engine/blocks/integrations/plugins/nocodb.js";
import { nocoDbWhere } from "../../../../../src/engine/blocks/integrations/plugins/nocodb-where.js";
import { segmentExecutor } from "../../../../../src/engine/blocks/integrations/plugins/segment.js";
import { integrationContext } from "../integration-context.js";

/** Forged blocks share one schema whose `type` is the union of ids, so TypeScript cannot narrow it to one. */
const block = (options?: Record<string, unknown>) =>
  ({ id: "p", type: "nocodb", outgoingEdgeId: "e-next", ...(options ? { options } : {}) }) as never;

describe("a plug-in block that cannot run", () => {
  it("logs a block without options or action as not configured and follows its edge", async () => {
    for (const options of [undefined, {}, { credentialsId: "c1" }])
      expect(await nocoDbExecutor.execute(block(options), integrationContext({}))).toEqual({
        outgoingEdgeId: "e-next",
        logs: [{ status: "error", description: "nocodb is not configured" }],
      });
  });

  it("logs a missing credential with the reference's text", async () => {
    expect(await nocoDbExecutor.execute(block({ action: "Search Records" }), integrationContext({}))).toEqual({
      outgoingEdgeId: "e-next",
      logs: [{ status: "error", description: "Could not find credentials for block nocodb" }],
    });
  });

  it("says so when the server has no adapter for the service", async () => {
    const ctx = integrationContext({});
    const outcome = await segmentExecutor.execute(
      { id: "s", type: "segment", options: { credentialsId: "c1", action: "Track" } } as never,
      { ...ctx, ports: { clock: ctx.ports.clock, random: ctx.ports.random } },
    );
    expect(outcome.logs).toEqual([{ status: "error", description: "Segment is not available on this server" }]);
  });
});

describe("NocoDB's where syntax", () => {
  it("leaves out rows without a column, defaults to equality, and is nothing without rows", () => {
    expect(nocoDbWhere(undefined)).toBeUndefined();
    expect(nocoDbWhere({ comparisons: [{ input: " ", operator: "Contains", value: "x" }] })).toBeUndefined();
    expect(
      nocoDbWhere({
        comparisons: [{ input: "Name", value: "Ann" }, { value: "lost" }, { input: "Age", operator: "Is set" }],
        joiner: "OR",
      }),
    ).toBe("(Name,eq,Ann)~or(Age,isnot,null)");
  });
});
