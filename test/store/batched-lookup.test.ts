import { describe, expect, it } from "vitest";
import { batchedLookup } from "../../src/store/chat/batched-lookup.js";

type Row = { id: string; value: number };

describe("lookups batched per event-loop iteration", () => {
  it("asks once for the distinct keys asked together, and answers each caller its own row or none", async () => {
    const asked: string[][] = [];
    const find = batchedLookup<Row>(async (keys) => {
      asked.push(keys);
      return keys.filter((key) => key !== "missing").map((key) => [key, { id: key, value: key.length }]);
    });
    const answers = await Promise.all([find("a"), find("bb"), find("missing"), find("a")]);
    expect(answers).toEqual([{ id: "a", value: 1 }, { id: "bb", value: 2 }, undefined, { id: "a", value: 1 }]);
    expect(asked).toEqual([["a", "bb", "missing"]]);
    expect(await find("ccc")).toEqual({ id: "ccc", value: 3 });
    expect(asked).toEqual([["a", "bb", "missing"], ["ccc"]]);
  });

  it("fails every caller of a batch whose query failed, and asks again for the next", async () => {
    let fail = true;
    const find = batchedLookup<Row>(async (keys) => {
      if (fail) throw new Error("connection lost");
      return keys.map((key) => [key, { id: key, value: 0 }]);
    });
    const outcomes = await Promise.allSettled([find("a"), find("b")]);
    expect(outcomes.map((outcome) => (outcome.status === "rejected" ? String(outcome.reason) : "ok"))).toEqual([
      "Error: connection lost",
      "Error: connection lost",
    ]);
    fail = false;
    expect(await find("a")).toEqual({ id: "a", value: 0 });
  });
});
