import { describe, expect, it } from "vitest";
import { lastInputBlockId } from "../../../src/services/results/waiting-input.js";

describe("lastInputBlockId", () => {
  it("names the input of the result's bot that a started, unfinished chat waits on", () => {
    expect(lastInputBlockId({ answerCount: 1, finished: false, waitingInputBlockId: "b-mail" })).toBe("b-mail");
  });

  it("is null before the first answer, once the result's flow is over, and while no input of its bot waits", () => {
    expect(lastInputBlockId({ answerCount: 0, finished: false, waitingInputBlockId: "b-mail" })).toBeNull();
    expect(lastInputBlockId({ answerCount: 2, finished: true, waitingInputBlockId: "b-mail" })).toBeNull();
    expect(lastInputBlockId({ answerCount: 2, finished: false })).toBeNull();
  });
});
