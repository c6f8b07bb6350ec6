import type { EmbedConfig } from "./modes/config";
import { ParleyBubble } from "./modes/bubble";
import type { ParleyElement } from "./modes/parley-element";
import { ParleyPopup } from "./modes/popup";
import { targets } from "./modes/registry";
import { ParleyStandard } from "./modes/standard";

/** embed.js: the three custom elements and `window.Parley`, whose commands reach chats by id. */
const ELEMENTS = {
  "parley-standard": ParleyStandard,
  "parley-popup": ParleyPopup,
  "parley-bubble": ParleyBubble,
} as const;

for (const [name, elementClass] of Object.entries(ELEMENTS))
  if (!customElements.get(name)) customElements.define(name, elementClass);

type Target = string | { id?: string } | undefined;
const idOf = (target: Target) => (typeof target === "string" ? target : target?.id);

function create(tag: keyof typeof ELEMENTS, config: EmbedConfig): ParleyElement {
  const element = document.createElement(tag) as ParleyElement;
  element.config = config;
  return element;
}

function initStandard(config: EmbedConfig & { element?: HTMLElement }): ParleyElement {
  const found =
    config.element ??
    (config.id ? document.getElementById(config.id) : null) ??
    document.querySelector("parley-standard:not([bot])");
  if (found instanceof ParleyStandard && !found.config) {
    found.config = config;
    found.connectedCallback();
    return found;
  }
  const element = create("parley-standard", config);
  (found ?? document.body).appendChild(element);
  return element;
}

function initFloating(tag: "parley-popup" | "parley-bubble", config: EmbedConfig): ParleyElement {
  const element = create(tag, config);
  document.body.appendChild(element);
  return element;
}

const api = {
  version: "1",
  initStandard,
  initPopup: (config: EmbedConfig) => initFloating("parley-popup", config),
  initBubble: (config: EmbedConfig) => initFloating("parley-bubble", config),
  open: (target?: Target) => {
    for (const chat of targets(idOf(target))) chat.open();
  },
  close: (target?: Target) => {
    for (const chat of targets(idOf(target))) chat.close();
  },
  toggle: (target?: Target) => {
    for (const chat of targets(idOf(target))) chat.toggle();
  },
  reset: (target?: Target) => {
    for (const chat of targets(idOf(target))) chat.reset();
  },
  setPrefilledVariables: (variables: Record<string, unknown>, target?: Target) => {
    for (const chat of targets(idOf(target))) chat.setPrefilledVariables(variables);
  },
};

declare global {
  interface Window {
    Parley: typeof api;
  }
}

window.Parley = api;
