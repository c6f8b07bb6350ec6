import { useStore } from "../../lib/store";
import { Fieldset } from "../../ui/fields";
import { useEditor } from "../editor-context";
import { DocColor, DocNumber, DocSelect, DocSwitch, DocText, FontField } from "./doc-fields";
import { chatThemeDefaults } from "../../../../src/theme/apply-theme";
import { ThemePreview } from "./theme-preview";
import { ThemeTemplates } from "./theme-templates";

const SHADOWS = ["none", "sm", "md", "lg", "xl", "2xl"] as const;
const ROUNDNESS = ["none", "medium", "large", "custom"] as const;

type ColourDefaults = { backgroundColor?: string; color?: string; placeholderColor?: string };

function ContainerFields({
  base,
  label,
  placeholder,
  defaults = {},
}: {
  base: string[];
  label: string;
  placeholder?: boolean;
  defaults?: ColourDefaults;
}) {
  return (
    <Fieldset legend={label}>
      <DocColor
        root="theme"
        path={[...base, "backgroundColor"]}
        label="Background"
        placeholder={defaults.backgroundColor}
      />
      <DocColor root="theme" path={[...base, "color"]} label="Text" placeholder={defaults.color} />
      {placeholder && (
        <DocColor
          root="theme"
          path={[...base, "placeholderColor"]}
          label="Placeholder"
          placeholder={defaults.placeholderColor}
        />
      )}
      <DocNumber root="theme" path={[...base, "opacity"]} label="Opacity (0–1)" min={0} max={1} step={0.05} />
      <DocNumber root="theme" path={[...base, "blur"]} label="Background blur (px)" min={0} />
      <DocSelect root="theme" path={[...base, "shadow"]} label="Shadow" options={SHADOWS} emptyLabel="Default" />
      <DocNumber root="theme" path={[...base, "border", "thickness"]} label="Border thickness (px)" min={0} />
      <DocColor root="theme" path={[...base, "border", "color"]} label="Border colour" />
      <DocSelect
        root="theme"
        path={[...base, "border", "roundeness"]}
        label="Corners"
        options={ROUNDNESS}
        emptyLabel="Default"
      />
      <DocNumber
        root="theme"
        path={[...base, "border", "customRoundeness"]}
        label="Custom corner radius (px)"
        min={0}
      />
      <DocNumber
        root="theme"
        path={[...base, "border", "opacity"]}
        label="Border opacity (0–1)"
        min={0}
        max={1}
        step={0.05}
      />
    </Fieldset>
  );
}

/** Every theme option, with the chat component's rendering of it alongside. */
export function ThemeEditor() {
  const { store } = useEditor();
  const theme = useStore(store.doc, (doc) => doc.theme);
  const background = (theme.general?.background?.type ?? "Color") as string;
  return (
    <div className="theme-editor">
      <ThemePreview theme={theme} />
      <ThemeTemplates />
      <Fieldset legend="General">
        <FontField />
        <DocSelect
          root="theme"
          path={["general", "background", "type"]}
          label="Background"
          options={["Color", "Image", "None"]}
          defaultValue="Color"
        />
        {background === "Color" && (
          <DocColor
            root="theme"
            path={["general", "background", "content"]}
            label="Background colour"
            placeholder={chatThemeDefaults.background}
          />
        )}
        {background === "Image" && (
          <DocText root="theme" path={["general", "background", "content"]} label="Background image address" />
        )}
        <DocSwitch root="theme" path={["general", "progressBar", "isEnabled"]} label="Progress bar" />
        {theme.general?.progressBar?.isEnabled && (
          <>
            <DocColor
              root="theme"
              path={["general", "progressBar", "color"]}
              label="Bar colour"
              placeholder={chatThemeDefaults.progress.color}
            />
            <DocColor
              root="theme"
              path={["general", "progressBar", "backgroundColor"]}
              label="Track colour"
              placeholder={chatThemeDefaults.progress.backgroundColor}
            />
            <DocSelect
              root="theme"
              path={["general", "progressBar", "placement"]}
              label="Placement"
              options={["Top", "Bottom"]}
              defaultValue="Top"
            />
            <DocSelect
              root="theme"
              path={["general", "progressBar", "position"]}
              label="Position"
              options={["fixed", "absolute"]}
              defaultValue="absolute"
            />
            <DocNumber root="theme" path={["general", "progressBar", "thickness"]} label="Thickness (px)" min={1} />
          </>
        )}
      </Fieldset>
      <ContainerFields
        base={["chat", "container"]}
        label="Chat window"
        defaults={{ color: chatThemeDefaults.containerColor }}
      />
      <Fieldset legend="Chat window size">
        <DocText root="theme" path={["chat", "container", "maxWidth"]} label="Maximum width" placeholder="800px" />
        <DocText root="theme" path={["chat", "container", "maxHeight"]} label="Maximum height" placeholder="100%" />
      </Fieldset>
      <Fieldset legend="Avatars">
        <DocSwitch root="theme" path={["chat", "hostAvatar", "isEnabled"]} label="Bot avatar" />
        {theme.chat?.hostAvatar?.isEnabled && (
          <DocText root="theme" path={["chat", "hostAvatar", "url"]} label="Bot avatar address" />
        )}
        <DocSwitch root="theme" path={["chat", "guestAvatar", "isEnabled"]} label="Visitor avatar" />
        {theme.chat?.guestAvatar?.isEnabled && (
          <DocText root="theme" path={["chat", "guestAvatar", "url"]} label="Visitor avatar address" />
        )}
      </Fieldset>
      <ContainerFields base={["chat", "hostBubbles"]} label="Bot bubbles" defaults={chatThemeDefaults.host} />
      <ContainerFields base={["chat", "guestBubbles"]} label="Visitor bubbles" defaults={chatThemeDefaults.guest} />
      <ContainerFields base={["chat", "buttons"]} label="Buttons" defaults={chatThemeDefaults.buttons} />
      <ContainerFields base={["chat", "inputs"]} label="Inputs" placeholder defaults={chatThemeDefaults.inputs} />
      <Fieldset legend="Custom CSS">
        <DocText
          root="theme"
          path={["customCss"]}
          label="CSS"
          multiline
          code
          placeholder=".bubble.host { font-weight: 600 }"
        />
      </Fieldset>
    </div>
  );
}
