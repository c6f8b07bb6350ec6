import { useState } from "react";

/** An image bubble's picture on the canvas, loaded when it scrolls into view; a label when it cannot load. */
export function ImageThumbnail({ url }: { url: string }) {
  const [failed, setFailed] = useState<string>();
  if (failed === url || url.includes("{{"))
    return (
      <span className="image-thumbnail-fallback" title={url}>
        {url.includes("{{") ? "Image from a variable" : "Image could not be loaded"}
      </span>
    );
  return (
    <img
      className="image-thumbnail"
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      width={264}
      height={96}
      draggable={false}
      onError={() => setFailed(url)}
    />
  );
}
