import type { RichTextNode } from "../../lib/types";
import { RichTextEditor } from "../rich-text/rich-text-editor";
import { Choice, NumOrVariable, Text, Toggle, useBlock, Variable } from "./block-fields";
import {
  audioBubbleDefaults,
  embedBubbleDefaults,
  imageBubbleDefaults,
  videoBubbleDefaults,
} from "../../../../../src/schemas/blocks/catalogue/index.js";

export function TextBubbleSettings() {
  const { block, update } = useBlock();
  const richText = ((block.type === "text" ? block.content?.richText : undefined) ?? []) as RichTextNode[];
  return (
    <RichTextEditor
      label="Message"
      value={richText}
      onChange={(value) =>
        update((current) => {
          // html and plainText would go stale next to the edited rich text.
          const {
            html: _html,
            plainText: _plain,
            ...content
          } = ((current as { content?: Record<string, unknown> }).content ?? {}) as Record<string, unknown>;
          return { ...current, content: { ...content, richText: value } } as typeof current;
        }, `${block.id}:richText`)
      }
    />
  );
}

export function ImageBubbleSettings() {
  return (
    <>
      <Text path={["content", "url"]} label="Image address" placeholder="https://… or {{variable}}" />
      <Text path={["content", "clickLink", "url"]} label="Opens this link when clicked" placeholder="https://…" />
      <Text
        path={["content", "clickLink", "alt"]}
        label="Alternative text"
        placeholder={imageBubbleDefaults.clickLink.alt}
        hint="Read by screen readers."
      />
    </>
  );
}

export function VideoBubbleSettings() {
  return (
    <>
      <Text
        path={["content", "url"]}
        label="Video address"
        placeholder="YouTube, Vimeo, TikTok, Gumlet or a file URL"
      />
      <Choice
        path={["content", "type"]}
        label="Source"
        options={["url", "youtube", "vimeo", "tiktok", "gumlet"]}
        emptyLabel="Detect from the address"
      />
      <Text
        path={["content", "id"]}
        label="Video id on its platform"
        hint="Filled in from the address when left empty."
      />
      <NumOrVariable
        path={["content", "height"]}
        label="Height (px)"
        placeholder={String(videoBubbleDefaults.height)}
      />
      <Text path={["content", "aspectRatio"]} label="Aspect ratio" placeholder={videoBubbleDefaults.aspectRatio} />
      <Text path={["content", "maxWidth"]} label="Maximum width" placeholder={videoBubbleDefaults.maxWidth} />
      <Text path={["content", "queryParamsStr"]} label="Extra query parameters" placeholder="start=10" />
      <Toggle
        path={["content", "areControlsDisplayed"]}
        label="Show the controls"
        defaultValue={videoBubbleDefaults.areControlsDisplayed}
      />
      <Toggle
        path={["content", "isAutoplayEnabled"]}
        label="Play automatically"
        defaultValue={videoBubbleDefaults.isAutoplayEnabled}
      />
    </>
  );
}

export function EmbedBubbleSettings() {
  const { block } = useBlock();
  const waits = block.type === "embed" && block.content?.waitForEvent?.isEnabled;
  return (
    <>
      <Text path={["content", "url"]} label="Page or file address" placeholder="https://…" />
      <NumOrVariable
        path={["content", "height"]}
        label="Height (px)"
        placeholder={String(embedBubbleDefaults.height)}
      />
      <Toggle path={["content", "waitForEvent", "isEnabled"]} label="Wait for an event from the page" />
      {waits && (
        <>
          <Text
            path={["content", "waitForEvent", "name"]}
            label="Event name"
            hint="The embedded page posts a message { name, data }."
          />
          <Variable path={["content", "waitForEvent", "saveDataInVariableId"]} label="Save the event data in" />
        </>
      )}
    </>
  );
}

export function AudioBubbleSettings() {
  return (
    <>
      <Text path={["content", "url"]} label="Audio address" placeholder="https://….mp3" />
      <Toggle
        path={["content", "isAutoplayEnabled"]}
        label="Play automatically"
        defaultValue={audioBubbleDefaults.isAutoplayEnabled}
      />
    </>
  );
}
