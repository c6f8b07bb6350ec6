import { safeHref, safeSrc } from "./safe-url";

/**
 * The only way the client makes markup: elements and text nodes, never HTML strings. Event-handler
 * attributes are refused and every href/src passes the URL filter, so data from a bot cannot run.
 */
export type Child = Node | string | number | null | undefined | false | Child[];
type AttrValue = string | number | boolean | null | undefined;
export type Props = {
  class?: string;
  attrs?: Record<string, AttrValue>;
  on?: { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
  style?: Record<string, string | undefined>;
};

const URL_ATTRIBUTES: Record<string, (value: string) => string | undefined> = {
  href: safeHref,
  src: safeSrc,
  poster: safeSrc,
};

export function setAttr(element: Element, name: string, value: AttrValue): void {
  const lower = name.toLowerCase();
  if (lower.startsWith("on") || lower === "srcdoc" || lower === "style") throw new Error(`Refused attribute ${name}`);
  if (value === false || value === null || value === undefined) {
    element.removeAttribute(name);
    return;
  }
  let text = value === true ? "" : String(value);
  const filter = URL_ATTRIBUTES[lower];
  if (filter) {
    const safe = filter(text);
    if (safe === undefined) {
      element.removeAttribute(name);
      return;
    }
    text = safe;
  }
  element.setAttribute(name, text);
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, ...child);
    else
      parent.appendChild(
        typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child,
      );
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Props | string | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (typeof props === "string") element.className = props;
  else if (props) {
    if (props.class) element.className = props.class;
    for (const [name, value] of Object.entries(props.attrs ?? {})) setAttr(element, name, value);
    for (const [name, value] of Object.entries(props.style ?? {}))
      if (value !== undefined) element.style.setProperty(name, value);
    for (const [type, listener] of Object.entries(props.on ?? {}))
      element.addEventListener(type, listener as EventListener);
  }
  append(element, ...children);
  return element;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** A fixed icon: the path data is the client's own, never a bot's. */
export function icon(paths: string[], size = 20, filled = false): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("fill", filled ? "currentColor" : "none");
  svg.setAttribute("stroke", filled ? "none" : "currentColor");
  svg.setAttribute("stroke-width", "2");
  svg.setAttribute("stroke-linecap", "round");
  svg.setAttribute("stroke-linejoin", "round");
  for (const d of paths) {
    const path = document.createElementNS(SVG_NS, "path");
    path.setAttribute("d", d);
    svg.appendChild(path);
  }
  return svg;
}

export const ICONS = {
  send: ["M22 2 11 13", "M22 2 15 22 11 13 2 9 22 2z"],
  close: ["M18 6 6 18", "M6 6l12 12"],
  chat: ["M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"],
  star: ["M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z"],
  clip: [
    "M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48",
  ],
  upload: ["M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4", "M17 8l-5-5-5 5", "M12 3v12"],
};

export const clear = (element: Element) => element.replaceChildren();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
