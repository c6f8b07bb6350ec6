import { describe, expect, it } from "vitest";
import { parsePaymentReply } from "../../../src/engine/replies/payment.js";

describe("parsePaymentReply", () => {
  it("fails on the client's failure signal", () => {
    expect(parsePaymentReply({ type: "text", text: "fail" })).toEqual({ status: "fail" });
  });

  it("accepts any other text as a success", () => {
    expect(parsePaymentReply({ type: "text", text: "Success" })).toEqual({ status: "success", content: "Success" });
    expect(parsePaymentReply({ type: "text", text: "Fail" })).toEqual({ status: "success", content: "Fail" });
  });

  it("fails when nothing was sent", () => {
    expect(parsePaymentReply(undefined)).toEqual({ status: "fail" });
  });
});
