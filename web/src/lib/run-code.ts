/** Code written by the bot's author, run in the page as the embed promises (the host page chose this bot). */
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

export type ScriptToExecute = { content?: string; args?: { id: string; value: unknown }[] };

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export async function runScript(script: ScriptToExecute): Promise<unknown> {
  const args = (script.args ?? []).filter((arg) => IDENTIFIER.test(arg.id));
  const run = new AsyncFunction(...args.map((arg) => arg.id), script.content ?? "");
  return run(...args.map((arg) => arg.value));
}

/** The text a code result is sent back as. */
export function stringifyResult(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
