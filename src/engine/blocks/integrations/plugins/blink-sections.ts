import type { BlinkSection } from "../../../../schemas/blocks/integrations/plugins/blink.js";
import type { ChatLog } from "../../../../schemas/chat.js";
import { classifyVideoUrl } from "../../../media/video-url.js";
import type { BlinkPort } from "../../../ports.js";
import { filled, missingLog } from "./plugin-kit.js";

type Wire = Record<string, unknown>;

const number = (value: number | string | undefined) => {
  if (value === undefined || value === "") return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
};

/** Blink reads button targets as its own deep links carrying the URL in base64. */
function buttonsOf(section: BlinkSection): Wire[] {
  return (section.buttons ?? []).flatMap((button) => {
    const url = filled(button.clientAction?.url);
    if (!url) return [];
    const target = button.clientAction?.type === "Open Webview" ? "webview" : "link";
    const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(url)));
    return [
      { label: button.label, client_action: `blink:${target}?url=${encoded}&action=open`, icon_url: button.iconUrl },
    ];
  });
}

/** The file's name, extension and size for an attachment section, asked of the file's own server. */
async function attachmentOf(url: string, port: BlinkPort): Promise<Wire | ChatLog> {
  const file = await port.describeFile(url);
  const name = (file.ok ? file.name : undefined) ?? new URL(url, "http://x").pathname.split("/").pop();
  const extension = name?.includes(".") ? name.split(".").pop() : file.ok ? file.type?.split("/")[1] : undefined;
  if (!file.ok || !name || !extension || !file.size)
    return missingLog(`Could not get proper file attachment metadata for ${url}`);
  return {
    type: "attachment",
    file_name: name,
    file_ext: extension,
    file_size: file.size,
    download_url: url,
    open_url: url,
  };
}

/** One card section in Blink's wire format, nothing for an empty one, or a log saying why it was left out. */
async function sectionOf(section: BlinkSection, port: BlinkPort): Promise<Wire | ChatLog | undefined> {
  switch (section.type) {
    case "Header":
      return { type: "header", title: section.title, icon_url: section.iconUrl };
    case "Text":
      return { type: "text", value: section.value, is_markdown: true };
    case "Labelled Text":
      return {
        type: "labelled_text",
        label: section.label,
        value: section.value,
        icon_url: section.iconUrl,
        is_markdown: true,
      };
    case "Image":
      return {
        type: "image",
        image_url: section.imageUrl,
        fit_image: section.fitImage,
        width: number(section.width),
        height: number(section.height),
      };
    case "Image gallery":
      return {
        type: "gallery",
        data: (section.imageUrls ?? []).map((url) => ({ type: "gallery_image", image_url: url })),
      };
    case "YouTube": {
      const link = filled(section.link);
      if (!link) return undefined;
      const video = classifyVideoUrl(link);
      return video.type === "youtube" && video.id
        ? { type: "youtube", video_id: video.id }
        : missingLog(`Invalid YouTube URL: ${link}`);
    }
    case "Link":
      return {
        type: "link",
        title: section.title,
        url: section.url,
        subtitle: section.description,
        image_url: section.imageUrl,
        image_placement: section.imagePlacement,
      };
    case "Buttons":
      return { type: "buttons", data: buttonsOf(section) };
    case "Attachment": {
      const url = filled(section.url);
      return url ? attachmentOf(url, port) : undefined;
    }
    case "Event":
      return {
        type: "event",
        title: section.title,
        start: section.start,
        end: section.end,
        subtitle: section.description,
        all_day: section.allDay,
      };
    case "Horizontal Bar Chart":
      return {
        type: "horizontal_bar_chart",
        total_raw_value: number(section.total),
        data: (section.data ?? []).map((bar) => ({
          name: bar.name,
          raw_value: number(bar.value),
          display_value: bar.label,
        })),
      };
    default:
      return undefined;
  }
}

const isLog = (value: Wire | ChatLog): value is ChatLog => typeof value.status === "string" && "description" in value;

/** The card's sections in order; the ones that could not be built are left out and logged. */
export async function blinkSections(
  sections: readonly BlinkSection[],
  port: BlinkPort,
): Promise<{ sections: Wire[]; logs: ChatLog[] }> {
  const built = await Promise.all(sections.map((section) => sectionOf(section, port)));
  const present = built.filter((item): item is Wire | ChatLog => item !== undefined);
  return { sections: present.filter((item) => !isLog(item)), logs: present.filter(isLog) };
}
