import { createOpenAI } from "@ai-sdk/openai";
import {
  experimental_generateSpeech as generateSpeech,
  experimental_transcribe as transcribe,
  generateText,
  stepCountIs,
  type ToolSet,
} from "ai";
import type { AiFailure, AiPort, AiProvider, IntegrationScope } from "../../engine/ports.js";
import { aiFailure } from "./ai-failure.js";
import { type CallAccess, toolSet } from "./call-access.js";

/** Function calls answered within one Ask Model turn, as the reference allows. */
const MAX_FUNCTION_ROUNDS = 10;
/** Audio read for a transcription (OpenAI's own upload limit). */
const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
const RUN_POLL_MS = 300;

type Access = (
  request: { provider: AiProvider; credentialsId?: string; deadline?: number },
  scope: IntegrationScope,
) => Promise<CallAccess | AiFailure>;

type OpenAiActions = Pick<AiPort, "askModel" | "askAssistant" | "createSpeech" | "transcribe">;

/** The OpenAI-only actions: the Responses API, Assistants, speech and transcriptions. */
export function createOpenAiActions(options: {
  access: Access;
  guardedFetch: typeof fetch;
  storeAudio(bytes: Uint8Array, extension: string): Promise<string>;
}): OpenAiActions {
  const openAi = (call: CallAccess) =>
    createOpenAI({ apiKey: call.apiKey ?? "", baseURL: call.baseUrl, fetch: call.fetch });

  /** Runs `body` with the call's access; failures become the port's failure shape. */
  async function withAccess<T>(
    request: { credentialsId?: string; deadline?: number },
    scope: IntegrationScope,
    body: (call: CallAccess) => Promise<T>,
  ): Promise<T | AiFailure> {
    const call = await options.access({ ...request, provider: "openai" }, scope);
    if ("ok" in call) return call;
    try {
      return await body(call);
    } catch (error) {
      return aiFailure("OpenAI", error, call.signal);
    } finally {
      call.done();
    }
  }

  return {
    askModel: (request, scope) =>
      withAccess(request, scope, async (call) => {
        const provider = openAi(call);
        // Provider tools are typed apart from function tools; the set only carries them through.
        const tools: Record<string, unknown> = request.tools?.length ? { ...toolSet(request.tools) } : {};
        if (request.webSearch) tools.web_search = provider.tools.webSearch({});
        if (request.codeInterpreter) tools.code_interpreter = provider.tools.codeInterpreter({});
        if (request.fileSearch?.vectorStoreIds.length)
          tools.file_search = provider.tools.fileSearch({
            vectorStoreIds: request.fileSearch.vectorStoreIds,
            ...(request.fileSearch.maxNumResults !== undefined
              ? { maxNumResults: request.fileSearch.maxNumResults }
              : {}),
            ...(request.fileSearch.scoreThreshold !== undefined
              ? { ranking: { scoreThreshold: request.fileSearch.scoreThreshold } }
              : {}),
          });
        const result = await generateText({
          model: provider.responses(request.model),
          prompt: request.input,
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          ...(Object.keys(tools).length
            ? { tools: tools as ToolSet, stopWhen: stepCountIs(MAX_FUNCTION_ROUNDS + 1) }
            : {}),
          providerOptions: {
            openai: {
              store: true,
              ...(request.instructions ? { instructions: request.instructions } : {}),
              ...(request.previousResponseId ? { previousResponseId: request.previousResponseId } : {}),
            },
          },
          maxRetries: 0,
          abortSignal: call.signal,
        });
        const responseId = String(result.providerMetadata?.openai?.responseId ?? result.response.id);
        return { ok: true as const, text: result.text, responseId };
      }),

    askAssistant: (request, scope) =>
      withAccess(request, scope, async (call): Promise<{ ok: true; text: string; threadId: string } | AiFailure> => {
        const api = assistantsApi(call);
        const threadId = request.threadId || String((await api("POST", "/threads", {})).id);
        await api("POST", `/threads/${encodeURIComponent(threadId)}/messages`, {
          role: "user",
          content: request.message,
        });
        const runPath = `/threads/${encodeURIComponent(threadId)}/runs`;
        let run = await api("POST", runPath, {
          assistant_id: request.assistantId,
          ...(request.additionalInstructions ? { additional_instructions: request.additionalInstructions } : {}),
        });
        for (;;) {
          const status = String(run.status);
          if (status === "completed") break;
          if (status === "requires_action") {
            const calls = ((run.required_action as Json)?.submit_tool_outputs as Json)?.tool_calls as Json[];
            const outputs = [];
            for (const toolCall of calls ?? []) {
              const fn = toolCall.function as { name: string; arguments: string };
              const found = request.tools?.find((candidate) => candidate.name === fn.name);
              const output = found ? await found.run(parseArguments(fn.arguments)) : `Function ${fn.name} not found`;
              outputs.push({ tool_call_id: toolCall.id, output });
            }
            run = await api("POST", `${runPath}/${run.id}/submit_tool_outputs`, { tool_outputs: outputs });
            continue;
          }
          if (status !== "queued" && status !== "in_progress")
            return {
              ok: false,
              error: `OpenAI API error - run ${status}`,
              details: JSON.stringify(run.last_error ?? ""),
            };
          await new Promise((resolve) => setTimeout(resolve, RUN_POLL_MS));
          call.signal.throwIfAborted();
          run = await api("GET", `${runPath}/${run.id}`);
        }
        const listed = await api("GET", `/threads/${encodeURIComponent(threadId)}/messages?order=desc&limit=1`);
        const last = ((listed.data as Json[]) ?? [])[0];
        const text = ((last?.content as Json[]) ?? [])
          .map((part) => ((part.text as Json)?.value as string) ?? "")
          .join("")
          // Citations point at files the visitor cannot open.
          .replace(/【[^】]*】/g, "");
        return { ok: true, text, threadId };
      }),

    createSpeech: (request, scope) =>
      withAccess(request, scope, async (call) => {
        const result = await generateSpeech({
          model: openAi(call).speech(request.model),
          text: request.input,
          ...(request.voice ? { voice: request.voice } : {}),
          ...(request.instructions ? { instructions: request.instructions } : {}),
          outputFormat: "mp3",
          maxRetries: 0,
          abortSignal: call.signal,
        });
        return { ok: true as const, url: await options.storeAudio(result.audio.uint8Array, "mp3") };
      }),

    transcribe: (request, scope) =>
      withAccess(request, scope, async (call): Promise<{ ok: true; text: string } | AiFailure> => {
        const download = await options.guardedFetch(request.audioUrl, { signal: call.signal });
        if (!download.ok)
          return { ok: false, error: `Could not download the audio - ${download.status}`, details: request.audioUrl };
        const audio = new Uint8Array(await download.arrayBuffer());
        if (audio.byteLength > MAX_AUDIO_BYTES)
          return { ok: false, error: "The audio is too large to transcribe", details: `${audio.byteLength} bytes` };
        const result = await transcribe({
          model: openAi(call).transcription(request.model),
          audio,
          ...(request.prompt ? { providerOptions: { openai: { prompt: request.prompt } } } : {}),
          maxRetries: 0,
          abortSignal: call.signal,
        });
        return { ok: true, text: result.text };
      }),
  };
}

type Json = Record<string, unknown>;

/** OpenAI's Assistants API (no AI SDK support): JSON calls with the beta header; an error status throws. */
function assistantsApi(call: CallAccess) {
  return async (method: string, path: string, body?: unknown): Promise<Json> => {
    const response = await call.fetch(`${call.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${call.apiKey ?? ""}`,
        "content-type": "application/json",
        "openai-beta": "assistants=v2",
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: call.signal,
    });
    const text = await response.text();
    if (!response.ok) throw new AssistantsError(response.status, text);
    return JSON.parse(text) as Json;
  };
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Shaped like the AI SDK's call errors so that failures read the same. */
class AssistantsError extends Error {
  constructor(
    readonly statusCode: number,
    readonly responseBody: string,
  ) {
    super(`OpenAI answered ${statusCode}`);
  }
}
export { AssistantsError };
