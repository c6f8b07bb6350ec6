import { describe, expect, it } from "vitest";
import { classifyVideoUrl } from "../../../src/engine/media/video-url.js";

describe("classifyVideoUrl: YouTube", () => {
  it("reads watch?v= links", () => {
    expect(classifyVideoUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({
      type: "youtube",
      id: "dQw4w9WgXcQ",
      url: "youtube.com/watch?v=dQw4w9WgXcQ",
    });
  });

  it("finds v among other parameters and keeps the rest, renaming t to start", () => {
    expect(classifyVideoUrl("https://m.youtube.com/watch?app=desktop&v=abc_-1&t=90s#x")).toEqual({
      type: "youtube",
      id: "abc_-1",
      url: "youtube.com/watch?v=abc_-1",
      queryParamsStr: "?app=desktop&start=90",
    });
  });

  it("reads shorts, embed and live links", () => {
    expect(classifyVideoUrl("https://youtube.com/shorts/SHORT123")).toEqual({
      type: "youtube",
      id: "SHORT123",
      url: "youtube.com/shorts/SHORT123",
    });
    expect(classifyVideoUrl("https://www.youtube.com/embed/EMB?start=5")).toEqual({
      type: "youtube",
      id: "EMB",
      url: "youtube.com/embed/EMB",
      queryParamsStr: "?start=5",
    });
    expect(classifyVideoUrl("https://www.youtube.com/live/LIVE1").id).toBe("LIVE1");
  });

  it("reads youtu.be links with their parameters", () => {
    expect(classifyVideoUrl("https://youtu.be/xyz?t=30&si=abc")).toEqual({
      type: "youtube",
      id: "xyz",
      url: "youtu.be/xyz?t=30&si=abc",
      queryParamsStr: "?si=abc&start=30",
    });
    expect(classifyVideoUrl("https://youtu.be/xyz")).toEqual({ type: "youtube", id: "xyz", url: "youtu.be/xyz" });
  });

  it("turns h/m/s offsets into seconds", () => {
    expect(classifyVideoUrl("https://youtu.be/a?t=1h2m3s").queryParamsStr).toBe("?start=3723");
    expect(classifyVideoUrl("https://youtu.be/a?t=2m").queryParamsStr).toBe("?start=120");
  });
});

describe("classifyVideoUrl: other hosts", () => {
  it("reads Vimeo numeric ids", () => {
    expect(classifyVideoUrl("https://vimeo.com/123456789")).toEqual({
      type: "vimeo",
      id: "123456789",
      url: "vimeo.com/123456789",
    });
    expect(classifyVideoUrl("https://player.vimeo.com/video/42?h=1").id).toBe("42");
    expect(classifyVideoUrl("https://vimeo.com/channels/staffpicks/77").id).toBe("77");
  });

  it("reads TikTok video ids", () => {
    expect(classifyVideoUrl("https://www.tiktok.com/@some.user_1/video/7234567890123?lang=en")).toEqual({
      type: "tiktok",
      id: "7234567890123",
      url: "tiktok.com/@some.user_1/video/7234567890123",
    });
  });

  it("reads Gumlet ids on .com and .tv", () => {
    expect(classifyVideoUrl("https://gumlet.tv/watch/64abc123")).toEqual({
      type: "gumlet",
      id: "64abc123",
      url: "gumlet.tv/watch/64abc123",
    });
    expect(classifyVideoUrl("https://gumlet.com/watch/xyz").type).toBe("gumlet");
  });

  it("turns a OneDrive embed link into its download link", () => {
    expect(classifyVideoUrl("https://onedrive.live.com/embed?cid=1&resid=2")).toEqual({
      type: "url",
      url: "https://onedrive.live.com/download?cid=1&resid=2",
    });
  });

  it("keeps any other URL as a plain video URL", () => {
    expect(classifyVideoUrl("https://cdn.example.com/video.mp4")).toEqual({
      type: "url",
      url: "https://cdn.example.com/video.mp4",
    });
    expect(classifyVideoUrl("https://vimeo.com/about")).toEqual({ type: "url", url: "https://vimeo.com/about" });
  });
});
