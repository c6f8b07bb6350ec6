import { describe, expect, it } from "vitest";
import { evaluatePath, parsePath } from "../../../../src/engine/blocks/integrations/response-path.js";

const roots = {
  statusCode: 200,
  data: { user: { name: "Ann", "first name": "A" }, items: [{ id: 7 }, { id: 8 }], empty: null, text: "hello" },
};

describe("evaluatePath", () => {
  it("reads dotted properties, indexes, quoted keys and the status code", () => {
    expect(evaluatePath("data.user.name", roots)).toEqual({ ok: true, value: "Ann" });
    expect(evaluatePath("data.items[1].id", roots)).toEqual({ ok: true, value: 8 });
    expect(evaluatePath("data.user['first name']", roots)).toEqual({ ok: true, value: "A" });
    expect(evaluatePath('data["user"].name', roots)).toEqual({ ok: true, value: "Ann" });
    expect(evaluatePath("statusCode", roots)).toEqual({ ok: true, value: 200 });
    expect(evaluatePath(" data ", roots)).toEqual({ ok: true, value: roots.data });
  });

  it("gives the length of lists and texts", () => {
    expect(evaluatePath("data.items.length", roots)).toEqual({ ok: true, value: 2 });
    expect(evaluatePath("data.text.length", roots)).toEqual({ ok: true, value: 5 });
  });

  it("gives undefined for a missing property and fails on a property of nothing, as JavaScript does", () => {
    expect(evaluatePath("data.missing", roots)).toEqual({ ok: true, value: undefined });
    expect(evaluatePath("data.missing.name", roots)).toEqual({ ok: false, reason: "unreadable" });
    expect(evaluatePath("data.empty.name", roots)).toEqual({ ok: false, reason: "unreadable" });
    expect(evaluatePath("data.missing?.name.first", roots)).toEqual({ ok: true, value: undefined });
    expect(evaluatePath("data?.items?.[0]?.id", roots)).toEqual({ ok: true, value: 7 });
  });

  it("never reads inherited properties", () => {
    expect(evaluatePath("data.user.toString", roots)).toEqual({ ok: true, value: undefined });
    expect(evaluatePath("data.items.map", roots)).toEqual({ ok: true, value: undefined });
    expect(evaluatePath("data.__proto__", roots)).toEqual({ ok: false, reason: "unsupported" });
    expect(evaluatePath("data.constructor.constructor", roots)).toEqual({ ok: false, reason: "unsupported" });
  });

  it("leaves code and unknown roots to the caller", () => {
    expect(evaluatePath("data.items.map(i => i.id)", roots)).toEqual({ ok: false, reason: "unsupported" });
    expect(evaluatePath("process.env", roots)).toEqual({ ok: false, reason: "unsupported" });
    expect(evaluatePath("data.items[0] + 1", roots)).toEqual({ ok: false, reason: "unsupported" });
    expect(evaluatePath("", roots)).toEqual({ ok: false, reason: "unsupported" });
    expect(parsePath("data[-1]")).toBeUndefined();
  });
});
