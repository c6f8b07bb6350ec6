import type { RuntimeBot } from "../runtime-bot.js";
import type { SessionState } from "../session-state.js";
import type { VariableLike } from "../variables/types.js";
import { availableLanguages, chooseLocale, matchLanguage } from "./locale.js";

/** The variable that names the visitor's language: prefilled to choose it, written by a Set variable to switch. */
export const LOCALE_VARIABLE_NAME = "locale";

/**
 * The language a new session speaks (undefined: the bot speaks one language), and its variables with
 * an empty `locale` variable set to it, so that results and conditions can read the visitor's language.
 */
export function startLocale(
  bot: RuntimeBot,
  variables: VariableLike[],
  visitor: { prefilledVariables?: Record<string, unknown>; acceptLanguage?: string },
): { locale?: string; variables: VariableLike[] } {
  const languages = bot.document.settings.languages;
  if (!languages) return { variables };
  const localeVariable = variables.find((variable) => variable.name === LOCALE_VARIABLE_NAME);
  const locale = chooseLocale(languages, {
    prefilledLocale: visitor.prefilledVariables?.[LOCALE_VARIABLE_NAME] ?? localeVariable?.value,
    acceptLanguage: visitor.acceptLanguage,
  });
  if (!localeVariable || (localeVariable.value !== undefined && localeVariable.value !== null))
    return { locale, variables };
  return {
    locale,
    variables: variables.map((variable) => (variable === localeVariable ? { ...variable, value: locale } : variable)),
  };
}

/**
 * After a block wrote variables: when it wrote `locale` with a language the bot speaks, the session
 * speaks it from the next message on. Any other value leaves the language as it was.
 */
export function followLocaleVariable(
  bot: RuntimeBot,
  state: SessionState,
  written: readonly { id: string }[] | undefined,
): SessionState {
  const languages = bot.document.settings.languages;
  if (!languages || !written?.length) return state;
  const variable = state.variables.find((candidate) => candidate.name === LOCALE_VARIABLE_NAME);
  if (!variable || !written.some((update) => update.id === variable.id) || typeof variable.value !== "string")
    return state;
  const locale = matchLanguage(variable.value, availableLanguages(languages));
  return locale && locale !== state.locale ? { ...state, locale } : state;
}
