/**
 * The sender of an e-mail: the configured address, under the display name of the reply-to address
 * when it has one (so that "Ann <ann@example.com>" as reply-to reads "Ann" in the inbox).
 */
export function senderAddress(from: string, replyTo: string | undefined): string {
  const sender = splitAddress(from);
  const name = replyTo ? splitAddress(replyTo).name : undefined;
  const displayName = name || sender.name;
  return displayName ? `"${displayName.replace(/["\\\r\n]/g, "")}" <${sender.address}>` : sender.address;
}

function splitAddress(text: string): { name?: string; address: string } {
  const open = text.lastIndexOf("<");
  const close = text.lastIndexOf(">");
  if (open < 0 || close < open) return { address: text.trim() };
  const name = text
    .slice(0, open)
    .trim()
    .replace(/^"(.*)"$/, "$1")
    .replace(/\\(.)/g, "$1")
    .trim();
  const address = text.slice(open + 1, close).trim();
  return name ? { name, address } : { address };
}
