import { describe, expect, it } from "vitest";
import { canonicalDocument } from "../../src/services/bot-view.js";

const row = (document: unknown) => ({ document: JSON.stringify(document) });

describe("canonicalDocument (publish state compares drafts in this form)", () => {
  it("reads the same flow written in another key order, or with empty translations, as equal", () => {
    const published = row({ groups: [{ id: "g1", title: "Hi", blocks: [{ id: "b1", type: "text" }] }], edges: [] });
    const resaved = row({
      edges: [],
      groups: [{ blocks: [{ type: "text", id: "b1" }], title: "Hi", id: "g1" }],
      translations: {},
    });
    expect(canonicalDocument(resaved)).toBe(canonicalDocument(published));
  });

  it("still tells a changed title, block order or translation apart", () => {
    const published = row({ groups: [{ id: "g1", title: "Hi", blocks: [{ id: "b1" }, { id: "b2" }] }] });
    expect(
      canonicalDocument(row({ groups: [{ id: "g1", title: "Hello", blocks: [{ id: "b1" }, { id: "b2" }] }] })),
    ).not.toBe(canonicalDocument(published));
    expect(
      canonicalDocument(row({ groups: [{ id: "g1", title: "Hi", blocks: [{ id: "b2" }, { id: "b1" }] }] })),
    ).not.toBe(canonicalDocument(published));
    expect(
      canonicalDocument(
        row({ groups: [{ id: "g1", title: "Hi", blocks: [{ id: "b1" }, { id: "b2" }] }], translations: { fr: {} } }),
      ),
    ).not.toBe(canonicalDocument(published));
  });
});
