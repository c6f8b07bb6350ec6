import type { Json } from "../lib/types";

/** The look the chat has when the bot's theme says nothing. */
const DEFAULTS = {
  background: "#ffffff",
  containerColor: "#303235",
  host: { backgroundColor: "#F7F8FF", color: "#303235" },
  guest: { backgroundColor: "#FF8E21", color: "#FFFFFF" },
  buttons: { backgroundColor: "#0042DA", color: "#FFFFFF" },
  inputs: { backgroundColor: "#FFFFFF", color: "#303235", placeholderColor: "#9095A0" },
  progress: { color: "#0042DA", backgroundColor: "#e5e7eb", thickness: 4 },
};

/** The same defaults, for the builder's theme fields (they show what the chat will use). */
export const chatThemeDefaults = DEFAULTS;

const SHADOWS: Record<string, string> = {
  none: "none",
  sm: "0 1px 2px 0 rgb(0 0 0 / 0.05)",
  md: "0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)",
  lg: "0 10px 15px -3px rgb(0 0 0 / 0.1), 0 4px 6px -4px rgb(0 0 0 / 0.1)",
  xl: "0 20px 25px -5px rgb(0 0 0 / 0.1), 0 8px 10px -6px rgb(0 0 0 / 0.1)",
  "2xl": "0 25px 50px -12px rgb(0 0 0 / 0.25)",
};
const RADII: Record<string, string> = { none: "0", medium: "6px", large: "20px" };

/** A color from the theme, or undefined: only plain color syntax reaches a style property. */
function color(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return /^(#[0-9a-f]{3,8}|[a-z]+|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\))$/i.test(trimmed) ? trimmed : undefined;
}

function withOpacity(value: string, opacity: unknown): string {
  if (typeof opacity !== "number" || opacity >= 1 || opacity < 0) return value;
  return `color-mix(in srgb, ${value} ${Math.round(opacity * 100)}%, transparent)`;
}

/** A URL for `url("…")`: web or data images only, with nothing that could close the string. */
export function cssUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^(https?:\/\/|data:image\/)/i.test(value.trim())) return undefined;
  return `url("${value.trim().replace(/["\\\n\r]/g, (char) => encodeURIComponent(char))}")`;
}

type Vars = Record<string, string | undefined>;

function part(
  prefix: string,
  theme: Json | undefined,
  defaults: { backgroundColor: string; color: string },
  legacyRadius: string | undefined,
  vars: Vars,
) {
  const background = color(theme?.backgroundColor) ?? defaults.backgroundColor;
  vars[`--p-${prefix}-bg`] = withOpacity(background, theme?.opacity);
  vars[`--p-${prefix}-color`] = color(theme?.color) ?? defaults.color;
  vars[`--p-${prefix}-shadow`] = SHADOWS[theme?.shadow] ?? "none";
  vars[`--p-${prefix}-blur`] = typeof theme?.blur === "number" && theme.blur > 0 ? `blur(${theme.blur}px)` : "none";
  const border = theme?.border ?? {};
  const thickness = typeof border.thickness === "number" ? border.thickness : 0;
  const borderColor = color(border.color) ?? "transparent";
  vars[`--p-${prefix}-border`] =
    thickness > 0 ? `${thickness}px solid ${withOpacity(borderColor, border.opacity)}` : "none";
  const radius =
    border.roundeness === "custom" && typeof border.customRoundeness === "number"
      ? `${border.customRoundeness}px`
      : (RADII[border.roundeness] ?? legacyRadius);
  if (radius !== undefined) vars[`--p-${prefix}-radius`] = radius;
}

function font(theme: Json): string | undefined {
  const value = theme.general?.font;
  const family = typeof value === "string" ? value : typeof value?.family === "string" ? value.family : undefined;
  return family && /^[\w\s-]{1,60}$/.test(family)
    ? `"${family}", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`
    : undefined;
}

/** A web font is fetched only when the theme asks for one explicitly; it must live in the page, outside the shadow root. */
export function loadThemeFont(theme: Json): void {
  const value = theme.general?.font;
  if (!value || typeof value !== "object" || typeof value.family !== "string" || !/^[\w\s-]{1,60}$/.test(value.family))
    return;
  const href =
    value.type === "Google"
      ? `https://fonts.googleapis.com/css2?family=${encodeURIComponent(value.family).replace(/%20/g, "+")}:wght@300;400;600&display=swap`
      : value.type === "Custom" && typeof value.url === "string" && /^https:\/\//.test(value.url)
        ? value.url
        : undefined;
  if (!href || document.head.querySelector(`link[data-parley-font="${CSS.escape(href)}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.parleyFont = href;
  document.head.appendChild(link);
}

/** Theme → CSS custom properties on the chat's root; the base stylesheet reads only these. */
export function themeVariables(theme: Json, dynamic?: Json): Vars {
  const vars: Vars = {};
  const chat = theme.chat ?? {};
  const legacyRadius = RADII[chat.roundness];
  vars["--p-font"] = font(theme);
  const background = theme.general?.background ?? {};
  const dynamicBackground = cssUrl(dynamic?.backgroundUrl);
  if (dynamicBackground) vars["--p-bg"] = `${dynamicBackground} center / cover no-repeat`;
  else if (background.type === "None") vars["--p-bg"] = "transparent";
  else if (background.type === "Image")
    vars["--p-bg"] = cssUrl(background.content)
      ? `${cssUrl(background.content)} center / cover no-repeat`
      : DEFAULTS.background;
  else vars["--p-bg"] = color(background.content) ?? DEFAULTS.background;

  const container = chat.container ?? {};
  part("container", container, { backgroundColor: "transparent", color: DEFAULTS.containerColor }, legacyRadius, vars);
  if (typeof container.maxWidth === "string" && /^[\d.]+(px|%|rem|em|vw)$/.test(container.maxWidth))
    vars["--p-container-max-w"] = container.maxWidth;
  if (typeof container.maxHeight === "string" && /^[\d.]+(px|%|rem|em|vh)$/.test(container.maxHeight))
    vars["--p-container-max-h"] = container.maxHeight;
  part("host", chat.hostBubbles, DEFAULTS.host, legacyRadius, vars);
  part("guest", chat.guestBubbles, DEFAULTS.guest, legacyRadius, vars);
  part("button", chat.buttons, DEFAULTS.buttons, legacyRadius, vars);
  part("input", chat.inputs, DEFAULTS.inputs, legacyRadius, vars);
  vars["--p-input-placeholder"] = color(chat.inputs?.placeholderColor) ?? DEFAULTS.inputs.placeholderColor;

  const progress = theme.general?.progressBar ?? {};
  vars["--p-progress-color"] = color(progress.color) ?? DEFAULTS.progress.color;
  vars["--p-progress-bg"] = color(progress.backgroundColor) ?? DEFAULTS.progress.backgroundColor;
  vars["--p-progress-h"] =
    `${typeof progress.thickness === "number" ? progress.thickness : DEFAULTS.progress.thickness}px`;
  return vars;
}

export function applyVariables(element: HTMLElement, vars: Vars): void {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) element.style.removeProperty(name);
    else element.style.setProperty(name, value);
  }
}

/** Host and guest avatars: the theme's, replaced by a dynamic one when the flow set it. */
export function avatarUrls(theme: Json, dynamic?: Json): { host?: string; guest?: string } {
  const chat = theme.chat ?? {};
  const host = (chat.hostAvatar?.isEnabled ?? true) ? dynamic?.hostAvatarUrl || chat.hostAvatar?.url : undefined;
  const guest = chat.guestAvatar?.isEnabled ? dynamic?.guestAvatarUrl || chat.guestAvatar?.url : undefined;
  return { host: host || undefined, guest: guest || undefined };
}
