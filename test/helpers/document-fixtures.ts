import { zipSync, strToU8 } from "fflate";

/**
 * Documents built in code for the parser's tests: PDFs written object by object (one Helvetica line
 * per text row) and DOCX archives zipped with fflate, so every fixture says what it holds.
 */

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;

/**
 * A PDF from numbered objects' bodies (object 1 is the catalog), with a correct cross-reference table;
 * `infoObject`: the number of the document information dictionary (title), if any.
 */
export function pdfFromObjects(objects: string[], infoObject?: number): Uint8Array {
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${infoObject ? ` /Info ${infoObject} 0 R` : ""} >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1(body);
}

/** A PDF whose page n (from 1) shows `pages[n - 1]`'s lines top to bottom; a "" line leaves a gap. */
export function textPdf(pages: string[][], options: { title?: string } = {}): Uint8Array {
  // 1 catalog, 2 pages, 3 font, 4 info, then a page and its content per page.
  const kids = pages.map((_, index) => `${5 + index * 2} 0 R`).join(" ");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Title ${pdfString(options.title ?? "")} >>`,
  ];
  pages.forEach((lines, index) => {
    let y = 760;
    const shown = lines
      .map((line) => {
        const text = line === "" ? "" : `BT /F1 12 Tf 72 ${y} Td ${pdfString(line)} Tj ET\n`;
        y -= line === "" ? 30 : 14;
        return text;
      })
      .join("");
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${6 + index * 2} 0 R >>`,
      `<< /Length ${shown.length} >>\nstream\n${shown}endstream`,
    );
  });
  return pdfFromObjects(objects, 4);
}

/**
 * A tiny PDF declaring 10^levels pages: each node of its page tree lists the next node ten times, so
 * a few hundred bytes describe a million pages (levels = 6).
 */
export function hugePageTreePdf(levels = 6): Uint8Array {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>"];
  for (let level = 0; level < levels; level++) {
    const child = `${3 + level} 0 R`;
    const parent = level === 0 ? "" : ` /Parent ${1 + level} 0 R`;
    objects.push(
      `<< /Type /Pages${parent} /Kids [${Array(10).fill(child).join(" ")}] /Count ${10 ** (levels - level)} >>`,
    );
  }
  objects.push(`<< /Type /Page /Parent ${2 + levels - 1} 0 R /MediaBox [0 0 612 792] >>`);
  return pdfFromObjects(objects);
}

/** A paragraph of a DOCX: its text and, for headings and titles, its style ("Heading1", "Title"). */
export type DocxParagraph = { text: string; style?: string };

export function documentXml(paragraphs: DocxParagraph[]): string {
  const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const body = paragraphs
    .map(({ text, style }) => {
      const properties = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : "";
      return `<w:p>${properties}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}

/** A DOCX archive (the parts Word needs to open it) around a document.xml. */
export function docxFile(xml: string | Uint8Array): Uint8Array {
  const contentTypes = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
  return zipSync(
    {
      "[Content_Types].xml": strToU8(contentTypes),
      "_rels/.rels": strToU8(rels),
      "word/document.xml": typeof xml === "string" ? strToU8(xml) : xml,
    },
    { level: 9 },
  );
}

/** A DOCX whose document.xml unpacks to `megabytes` MB (mostly spaces) from a few KB. */
export function zipBombDocx(megabytes: number): Uint8Array {
  const filler = new Uint8Array(megabytes * 1024 * 1024).fill(0x20);
  const head = strToU8('<?xml version="1.0"?><w:document xmlns:w="x"><w:body><w:p><w:r><w:t>');
  filler.set(head, 0);
  return docxFile(filler);
}
