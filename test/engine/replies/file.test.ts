import { describe, expect, it } from "vitest";
import { parseFileReply } from "../../../src/engine/replies/file.js";

const reply = (text: string, attachedFileUrls?: string[]) => ({ type: "text" as const, text, attachedFileUrls });

describe("parseFileReply", () => {
  it("accepts one uploaded file URL", () => {
    expect(parseFileReply(reply("https://files.example.com/a/photo.png"))).toEqual({
      status: "success",
      content: "https://files.example.com/a/photo.png",
    });
  });

  it("keeps the first URL when several are sent to a single-file input", () => {
    expect(parseFileReply(reply("https://s.io/a.png, https://s.io/b.png"))).toEqual({
      status: "success",
      content: "https://s.io/a.png",
    });
  });

  it("keeps all URLs when multiple files are allowed", () => {
    expect(parseFileReply(reply("https://s.io/a.png, https://s.io/b.png"), { isMultipleAllowed: true })).toEqual({
      status: "success",
      content: "https://s.io/a.png, https://s.io/b.png",
    });
  });

  it("reads URLs from attachedFileUrls when present", () => {
    const message = reply("2 files uploaded", ["https://s.io/a.pdf", "https://s.io/b.pdf"]);
    expect(parseFileReply(message, { isMultipleAllowed: true })).toEqual({
      status: "success",
      content: "https://s.io/a.pdf, https://s.io/b.pdf",
    });
    expect(parseFileReply(message)).toEqual({ status: "success", content: "https://s.io/a.pdf" });
  });

  it("falls back to the text when attachedFileUrls is empty", () => {
    expect(parseFileReply(reply("https://s.io/a.pdf", []))).toEqual({
      status: "success",
      content: "https://s.io/a.pdf",
    });
  });

  it("accepts hosts without a TLD", () => {
    expect(parseFileReply(reply("http://localhost:3000/uploads/a.png")).status).toBe("success");
    expect(parseFileReply(reply("http://storage/bucket/a.png")).status).toBe("success");
  });

  it("needs at least one http(s) URL", () => {
    expect(parseFileReply(reply("not a url, https://s.io/a.png")).status).toBe("success");
    expect(parseFileReply(reply("s.io/a.png"))).toEqual({ status: "fail" });
    expect(parseFileReply(reply("ftp://s.io/a.png"))).toEqual({ status: "fail" });
    expect(parseFileReply(reply("File uploaded"))).toEqual({ status: "fail" });
    expect(parseFileReply(reply(""))).toEqual({ status: "fail" });
  });

  describe("allowed file types", () => {
    const only = (...types: string[]) => ({ isMultipleAllowed: true, allowedFileTypes: { isEnabled: true, types } });

    it("accepts extensions given with or without a dot, ignoring case", () => {
      expect(parseFileReply(reply("https://s.io/a.PDF"), only(".pdf")).status).toBe("success");
      expect(parseFileReply(reply("https://s.io/a.pdf"), only("PDF")).status).toBe("success");
      expect(parseFileReply(reply("https://s.io/a.csv"), only("csv")).status).toBe("success");
    });

    it("accepts MIME types and wildcards", () => {
      expect(parseFileReply(reply("https://s.io/a.png"), only("image/png")).status).toBe("success");
      expect(parseFileReply(reply("https://s.io/a.webp"), only("image/*")).status).toBe("success");
      expect(parseFileReply(reply("https://s.io/a.pdf"), only("image/*"))).toEqual({ status: "fail" });
    });

    it("treats jpg and jpeg, tif and tiff as the same type", () => {
      expect(parseFileReply(reply("https://s.io/a.jpg"), only("image/jpeg")).status).toBe("success");
      expect(parseFileReply(reply("https://s.io/a.jpeg"), only(".jpg")).status).toBe("success");
      expect(parseFileReply(reply("https://s.io/a.tiff"), only("image/tiff")).status).toBe("success");
    });

    it("requires every file to be allowed", () => {
      expect(parseFileReply(reply("https://s.io/a.pdf, https://s.io/b.exe"), only("pdf"))).toEqual({ status: "fail" });
      expect(parseFileReply(reply("https://s.io/a.pdf, https://s.io/b.pdf"), only("pdf"))).toEqual({
        status: "success",
        content: "https://s.io/a.pdf, https://s.io/b.pdf",
      });
    });

    it("ignores query strings and fragments when reading the extension", () => {
      expect(parseFileReply(reply("https://s.io/a.pdf?token=abc.exe#p.2"), only("pdf")).status).toBe("success");
    });

    it("rejects files without an extension", () => {
      expect(parseFileReply(reply("https://s.io/download"), only("pdf"))).toEqual({ status: "fail" });
      expect(parseFileReply(reply("https://s.io/archive."), only("pdf"))).toEqual({ status: "fail" });
    });

    it("allows anything when disabled or empty", () => {
      const url = reply("https://s.io/a.exe");
      expect(parseFileReply(url, { allowedFileTypes: { isEnabled: false, types: ["pdf"] } }).status).toBe("success");
      expect(parseFileReply(url, { allowedFileTypes: { isEnabled: true, types: [] } }).status).toBe("success");
    });
  });

  describe("when nothing was sent", () => {
    it("fails a required input (the default)", () => {
      expect(parseFileReply(undefined)).toEqual({ status: "fail" });
      expect(parseFileReply(undefined, { isRequired: true })).toEqual({ status: "fail" });
    });

    it("skips a non-required input", () => {
      expect(parseFileReply(undefined, { isRequired: false })).toEqual({ status: "skip" });
    });
  });
});
