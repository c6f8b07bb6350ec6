/**
 * Which file extensions an "allowed file types" list accepts. Entries may be MIME types
 * ("image/png"), wildcards ("image/*") or extensions ("pdf", ".pdf"); matching ignores case.
 */
const EXTENSIONS_BY_MIME_TYPE: Readonly<Record<string, readonly string[]>> = {
  "audio/aac": ["aac"],
  "audio/mp4": ["m4a"],
  "audio/mpeg": ["mp3"],
  "audio/mp3": ["mp3"],
  "audio/ogg": ["ogg", "oga"],
  "audio/wav": ["wav"],
  "audio/webm": ["webm"],
  "image/avif": ["avif"],
  "image/bmp": ["bmp"],
  "image/gif": ["gif"],
  "image/heic": ["heic"],
  "image/heif": ["heif"],
  "image/jpeg": ["jpeg"],
  "image/jpg": ["jpeg"],
  "image/png": ["png"],
  "image/svg+xml": ["svg"],
  "image/tiff": ["tif"],
  "image/webp": ["webp"],
  "video/mp4": ["mp4"],
  "video/mpeg": ["mpeg"],
  "video/ogg": ["ogv"],
  "video/quicktime": ["mov"],
  "video/webm": ["webm"],
  "application/pdf": ["pdf"],
  "application/msword": ["doc"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "application/vnd.ms-excel": ["xls"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx"],
  "application/vnd.ms-powerpoint": ["ppt"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ["pptx"],
  "application/vnd.oasis.opendocument.text": ["odt"],
  "application/vnd.oasis.opendocument.spreadsheet": ["ods"],
  "application/vnd.oasis.opendocument.presentation": ["odp"],
  "application/rtf": ["rtf"],
  "application/zip": ["zip"],
  "application/gzip": ["gz"],
  "application/x-tar": ["tar"],
  "application/x-7z-compressed": ["7z"],
  "application/x-rar-compressed": ["rar"],
  "application/json": ["json"],
  "application/xml": ["xml"],
  "text/plain": ["txt"],
  "text/csv": ["csv"],
  "text/html": ["html"],
  "text/markdown": ["md"],
};

/** Spellings of one format that must match each other ("photo.jpg" is allowed by "image/jpeg"). */
function canonicalExtension(extension: string): string {
  const lower = extension.toLowerCase();
  if (lower === "jpg" || lower === "jpe") return "jpeg";
  if (lower === "tiff") return "tif";
  if (lower === "htm") return "html";
  return lower;
}

export function allowedExtensions(types: readonly string[]): Set<string> {
  const allowed = new Set<string>();
  for (const rawType of types) {
    const type = rawType.trim().toLowerCase();
    if (type === "") continue;
    if (!type.includes("/")) {
      allowed.add(canonicalExtension(type.replace(/^\./, "")));
      continue;
    }
    const wildcardBase = type.endsWith("/*") ? type.slice(0, -2) : undefined;
    for (const [mimeType, extensions] of Object.entries(EXTENSIONS_BY_MIME_TYPE)) {
      const matches = wildcardBase ? mimeType.split("/")[0] === wildcardBase : mimeType === type;
      if (matches) for (const extension of extensions) allowed.add(extension);
    }
  }
  return allowed;
}

/** Extension of the last path segment, ignoring any query string or fragment. */
export function extensionOfUrl(url: string): string | undefined {
  const path = url.split("#")[0].split("?")[0];
  const fileName = path.slice(path.lastIndexOf("/") + 1);
  const dot = fileName.lastIndexOf(".");
  if (dot < 0 || dot === fileName.length - 1) return undefined;
  return canonicalExtension(fileName.slice(dot + 1));
}
