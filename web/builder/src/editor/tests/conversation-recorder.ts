import type { ChatTurn } from "../../../../src/lib/types";
import type { RecordedConversation } from "../editor-api";

type Node = { text?: unknown; type?: string; url?: unknown; children?: Node[] };

const isInline = (node: Node) => typeof node.text === "string" || node.type === "a";

function inlineText(nodes: Node[]): string {
  return nodes
    .map((node) => {
      if (typeof node.text === "string") return node.text;
      const text = inlineText(node.children ?? []);
      return text === "" && typeof node.url === "string" ? node.url : text;
    })
    .join("");
}

/** Rich text as `parley test` reads a bubble: one line per paragraph or list item, marks dropped. */
function plainLines(nodes: Node[]): string[] {
  const lines: string[] = [];
  let inline: Node[] = [];
  const flush = () => {
    if (inline.length > 0) lines.push(inlineText(inline));
    inline = [];
  };
  for (const node of nodes) {
    if (isInline(node)) {
      inline.push(node);
      continue;
    }
    flush();
    const children = node.children ?? [];
    if (children.every(isInline)) lines.push(inlineText(children));
    else lines.push(...plainLines(children));
  }
  flush();
  return lines;
}

function bubbleText(bubble: ChatTurn["messages"][number]): string {
  const content = bubble.content as { richText?: Node[]; markdown?: string; url?: string } | undefined;
  if (bubble.type === "text")
    return Array.isArray(content?.richText) ? plainLines(content.richText).join("\n") : (content?.markdown ?? "");
  return `[${bubble.type}]${typeof content?.url === "string" ? ` ${content.url}` : ""}`;
}

/**
 * The preview's conversation as test steps: what the bot said, the input it waited for (with its
 * buttons), the actions it sent and the visitor's answers, in order.
 */
export class ConversationRecorder {
  private steps: RecordedConversation["steps"] = [];

  turn(turn: ChatTurn): void {
    for (const bubble of turn.messages ?? []) this.steps.push({ bot: bubbleText(bubble) });
    for (const action of turn.clientSideActions ?? []) this.steps.push({ action: action.type });
    if (!turn.input) return;
    this.steps.push({ input: turn.input.type });
    const items = (turn.input.items ?? []) as { content?: unknown; title?: unknown; value?: unknown }[];
    if (items.length > 0)
      this.steps.push({ choices: items.map((item) => String(item.content ?? item.title ?? item.value ?? "")) });
  }

  reply(text: string): void {
    this.steps.push({ user: text });
  }

  get isEmpty(): boolean {
    return this.steps.length === 0;
  }

  conversation(name: string): RecordedConversation {
    return { name, steps: [...this.steps] };
  }
}
