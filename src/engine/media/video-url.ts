export type VideoUrlType = "youtube" | "vimeo" | "tiktok" | "gumlet" | "url";

export type VideoUrlInfo = { type: VideoUrlType; id?: string; url: string; queryParamsStr?: string };

const YOUTUBE_PAGE = /youtube\.com\/(watch\?(?:[^#]*?&)?v=|shorts\/|embed\/|live\/)([\w-]+)/;
const YOUTUBE_SHORT = /youtu\.be\/([\w-]+)/;
const VIMEO = /vimeo\.com\/(?:video\/|channels\/[\w-]+\/|groups\/[\w-]+\/videos\/)?(\d+)/;
const TIKTOK = /tiktok\.com\/@[\w.-]+\/video\/(\d+)/;
const GUMLET = /gumlet\.(?:com|tv)\/watch\/(\w+)/;
const ONEDRIVE_EMBED = /https:\/\/onedrive\.live\.com\/embed\?[^"]+/;

/**
 * Recognises video hosts the client can embed. `url` is the matched part of the address (as the
 * reference reports it); the client builds the player from `type`, `id` and `queryParamsStr`.
 * A OneDrive embed link is turned into its direct download link and played as a file.
 */
export function classifyVideoUrl(url: string): VideoUrlInfo {
  return (
    youtube(url) ??
    simpleMatch(url, VIMEO, "vimeo") ??
    simpleMatch(url, TIKTOK, "tiktok") ??
    simpleMatch(url, GUMLET, "gumlet") ??
    oneDrive(url) ?? { type: "url", url }
  );
}

function youtube(url: string): VideoUrlInfo | undefined {
  const page = url.match(YOUTUBE_PAGE);
  if (page) {
    const isWatch = page[1].startsWith("watch");
    const matched = isWatch ? `youtube.com/watch?v=${page[2]}` : page[0];
    return youtubeInfo(page[2], matched, queryOf(url), isWatch);
  }
  const short = url.match(YOUTUBE_SHORT);
  if (!short) return undefined;
  const query = queryOf(url);
  return youtubeInfo(short[1], query ? `${short[0]}?${query}` : short[0], query, false);
}

function youtubeInfo(id: string, url: string, query: string, dropVideoParam: boolean): VideoUrlInfo {
  const params = new URLSearchParams(query);
  if (dropVideoParam) params.delete("v");
  // The player calls the start offset `start` and wants whole seconds.
  const start = params.get("t");
  if (start !== null) {
    params.set("start", toSeconds(start));
    params.delete("t");
  }
  const queryParams = params.toString();
  return { type: "youtube", id, url, ...(queryParams ? { queryParamsStr: `?${queryParams}` } : {}) };
}

function toSeconds(offset: string): string {
  const parts = offset.match(/^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/);
  if (!parts || offset === "") return offset;
  const [, hours = "0", minutes = "0", seconds = "0"] = parts;
  return String(Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds));
}

function queryOf(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return "";
  const end = url.indexOf("#", start);
  return url.slice(start + 1, end < 0 ? undefined : end);
}

function simpleMatch(url: string, pattern: RegExp, type: VideoUrlType): VideoUrlInfo | undefined {
  const match = url.match(pattern);
  return match ? { type, id: match[1], url: match[0] } : undefined;
}

function oneDrive(url: string): VideoUrlInfo | undefined {
  const match = url.match(ONEDRIVE_EMBED);
  return match ? { type: "url", url: match[0].replace("/embed", "/download") } : undefined;
}
