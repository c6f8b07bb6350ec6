import { Parser } from "htmlparser2";
import type { DocumentLimits } from "./types.js";
import { enterHeading, type ExtractedText, headingText, ParagraphCollector } from "./extracted.js";
import { DocumentRejected, reasons } from "./reasons.js";
import { readZipEntry } from "./zip-entry.js";

/** WordprocessingML's markup is several times its text: an XML part may unpack to 20× the text limit (≥ 1 MB). */
export const unpackedLimit = (limits: Pick<DocumentLimits, "maxTextChars">) =>
  Math.max(1 << 20, limits.maxTextChars * 20);

/**
 * DOCX: the body's paragraphs (word/document.xml) in order, tables' cells as their own paragraphs;
 * paragraphs styled "Heading 1"–"Heading 9" give the heading path, the "Title" style the title.
 * The XML is unpacked with a cap (see readZipEntry), so a zip bomb fails like any oversized document.
 */
export function readDocx(bytes: Uint8Array, limits: DocumentLimits): ExtractedText {
  const xml = readZipEntry(bytes, "word/document.xml", unpackedLimit(limits));
  if (!xml) throw new DocumentRejected(reasons.unreadable("DOCX", "it has no word/document.xml"));
  const collector = new ParagraphCollector(limits);
  const levels: { level: number; text: string }[] = [];
  let path: string[] = [];
  let title: string | undefined;
  let paragraph: { style?: string; text: string } | undefined;
  let inText = false;
  let deleted = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "w:p") paragraph = { text: "" };
        else if (name === "w:pstyle" && paragraph) paragraph.style = attributes["w:val"];
        else if (name === "w:t") inText = true;
        else if (name === "w:del") deleted++;
        else if (paragraph && (name === "w:tab" || name === "w:br" || name === "w:cr"))
          paragraph.text += name === "w:tab" ? "\t" : "\n";
      },
      ontext(data) {
        if (inText && paragraph && deleted === 0) paragraph.text += data;
      },
      onclosetag(name) {
        if (name === "w:t") inText = false;
        else if (name === "w:del") deleted--;
        else if (name === "w:p" && paragraph) {
          const style = paragraph.style?.toLowerCase().replace(/\s+/g, "") ?? "";
          const level = /^heading([1-9])$/.exec(style)?.[1];
          const cited = headingText(paragraph.text);
          if (style === "title" && cited !== "") title ??= cited;
          else if (level && cited !== "") path = enterHeading(levels, Number(level), cited);
          else collector.add(path, paragraph.text);
          paragraph = undefined;
        }
      },
    },
    { xmlMode: true, decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(new TextDecoder().decode(xml));
  return { ...(title ? { title } : {}), paragraphs: collector.paragraphs };
}
