// Fails when README.md or a page under docs/ links to a file that does not exist or to a heading
// that a page does not have. VitePress checks links between its own pages; this also covers the
// README (which VitePress never sees), links into the source tree, and anchors.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function markdownFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(full));
    else if (entry.name.endsWith(".md")) found.push(full);
  }
  return found;
}

/** The text outside fenced code blocks and inline code, where links are links. */
function proseOf(text) {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** Heading anchors as GitHub and VitePress make them for plain headings. */
export function anchorsOf(text) {
  const seen = new Map();
  const anchors = new Set();
  for (const line of text.replace(/^```[\s\S]*?^```/gm, "").split("\n")) {
    const match = /^#{1,6}\s+(.*)$/.exec(line);
    if (!match) continue;
    const base = match[1]
      .trim()
      .toLowerCase()
      .replace(/`/g, "")
      .replace(/[^\p{L}\p{N}\- _]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const files = [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))];
const problems = [];
let checked = 0;
for (const file of files) {
  const text = fs.readFileSync(file, "utf8");
  for (const match of proseOf(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1];
    if (/^(https?:|mailto:)/.test(target)) continue;
    checked++;
    const [filePart, anchor] = target.split("#");
    const resolved = filePart ? path.resolve(path.dirname(file), decodeURIComponent(filePart)) : file;
    const where = path.relative(root, file);
    if (!fs.existsSync(resolved)) {
      problems.push(`${where}: ${target}: no such file`);
      continue;
    }
    if (anchor && resolved.endsWith(".md") && !anchorsOf(fs.readFileSync(resolved, "utf8")).has(anchor)) {
      problems.push(`${where}: ${target}: no heading with that anchor`);
    }
  }
}
if (problems.length > 0) {
  console.error(`${problems.length} broken link(s):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(`${checked} links in ${files.length} files: all resolve`);
