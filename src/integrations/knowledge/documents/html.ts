import { Parser } from "htmlparser2";
import type { DocumentLimits } from "./types.js";
import { enterHeading, type ExtractedText, headingText, ParagraphCollector } from "./extracted.js";
import { decodeText } from "./text-formats.js";

/** Elements whose content is never a page's text: code, styles, navigation, embedded things. */
const SKIPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "svg",
  "math",
  "iframe",
  "object",
  "embed",
  "canvas",
  "select",
  "button",
  "head",
]);
/** Elements that end a paragraph (their text is not run into the next one's). */
const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "header",
  "footer",
  "aside",
  "li",
  "ul",
  "ol",
  "dl",
  "dt",
  "dd",
  "table",
  "tr",
  "blockquote",
  "pre",
  "figure",
  "figcaption",
  "form",
  "fieldset",
  "details",
  "summary",
  "hr",
  "address",
]);
const HEADING = /^h([1-6])$/;

/**
 * HTML: the text of the page's body in paragraphs, headings (h1–h6) giving the heading path, the
 * `<title>` (else the first h1) as the title. Scripts, styles, navigation and other non-text elements
 * are left out with everything inside them. Cells and line breaks keep their words apart.
 */
export function readHtml(bytes: Uint8Array, limits: DocumentLimits): ExtractedText {
  const collector = new ParagraphCollector(limits);
  const levels: { level: number; text: string }[] = [];
  let path: string[] = [];
  let text = "";
  let skipping: string | undefined;
  let skipDepth = 0;
  let heading: { level: number; text: string } | undefined;
  let titleText: string | undefined;
  let inTitle = false;
  let firstH1: string | undefined;
  const flush = () => {
    collector.add(path, text);
    text = "";
  };
  const parser = new Parser(
    {
      onopentag(name) {
        // The title is in <head>, which is otherwise skipped.
        if (name === "title" && titleText === undefined) {
          inTitle = true;
          titleText = "";
          return;
        }
        if (skipping !== undefined) {
          if (name === skipping) skipDepth++;
          return;
        }
        if (SKIPPED.has(name)) {
          skipping = name;
          skipDepth = 1;
          return;
        }
        const level = HEADING.exec(name)?.[1];
        if (level) {
          flush();
          heading = { level: Number(level), text: "" };
        } else if (BLOCKS.has(name)) flush();
        else if (name === "br") text += "\n";
        else if (name === "td" || name === "th") text += " ";
      },
      ontext(data) {
        if (inTitle) titleText += data;
        else if (skipping !== undefined) return;
        else if (heading) heading.text += data;
        else text += data;
      },
      onclosetag(name) {
        if (name === "title" && inTitle) {
          inTitle = false;
          return;
        }
        if (skipping !== undefined) {
          if (name === skipping && --skipDepth === 0) skipping = undefined;
          return;
        }
        if (heading && HEADING.test(name)) {
          const cited = headingText(heading.text);
          if (cited !== "") {
            if (heading.level === 1) firstH1 ??= cited;
            path = enterHeading(levels, heading.level, cited);
          }
          heading = undefined;
        } else if (BLOCKS.has(name)) flush();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(decodeText(bytes));
  flush();
  const title = headingText(titleText ?? "") || firstH1;
  return { ...(title ? { title } : {}), paragraphs: collector.paragraphs };
}
