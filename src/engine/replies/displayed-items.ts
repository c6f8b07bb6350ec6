import type { ReplyVariable } from "./types.js";
import { findVariableById, isListValue, soleVariableReference, valueAsList } from "./variable-lists.js";

/**
 * The items an input shows, before templating: static items whose display condition holds, or
 * items built from list variables. The caller templates the result, sends it to the client and
 * matches the reply against the same list.
 */

export type DisplayCondition<C> = { isEnabled?: boolean | null; condition?: C | null };

export type ConditionEvaluator<C, VS> = (condition: C, variables: VS) => boolean;

/** Dynamic choice items carry no edge: every answer leaves through the block's own edge. */
export type DynamicChoiceItem = { id: string; content: string };

export type DynamicPictureItem = { id: string; pictureSrc: string; title: string; description: string };

type ChoiceBlockLike<I> = {
  items: readonly I[];
  options?: { dynamicVariableId?: string | null } | null;
};

type PictureBlockLike<I> = {
  items: readonly I[];
  options?: {
    dynamicItems?: {
      isEnabled?: boolean | null;
      titlesVariableId?: string | null;
      descriptionsVariableId?: string | null;
      pictureSrcsVariableId?: string | null;
    } | null;
  } | null;
};

type CardLike<C> = {
  id: string;
  imageUrl?: string | null;
  title?: string | null;
  description?: string | null;
  options?: { displayCondition?: DisplayCondition<C> | null; internalValue?: string | null } | null;
  paths?: readonly { id: string }[] | null;
};

function isShown<C, VS>(
  displayCondition: DisplayCondition<C> | null | undefined,
  variables: VS,
  evaluateCondition: ConditionEvaluator<C, VS>,
): boolean {
  if (!displayCondition?.isEnabled || !displayCondition.condition) return true;
  return evaluateCondition(displayCondition.condition, variables);
}

/**
 * With `dynamicVariableId` pointing at a variable that has a value, one item per distinct
 * non-empty list value (ids "choice0", "choice1", ...); otherwise the static items that pass
 * their display condition.
 */
export function getDisplayedChoiceItems<
  C,
  I extends { id: string; displayCondition?: DisplayCondition<C> | null },
  VS extends readonly ReplyVariable[],
>(block: ChoiceBlockLike<I>, variables: VS, evaluateCondition: ConditionEvaluator<C, VS>): (I | DynamicChoiceItem)[] {
  const values = valueAsList(findVariableById(variables, block.options?.dynamicVariableId)?.value);
  if (values) {
    const distinct = [...new Set(values.filter((value): value is string => Boolean(value)))];
    return distinct.map((content, index) => ({ id: `choice${index}`, content }));
  }
  return block.items.filter((item) => isShown(item.displayCondition, variables, evaluateCondition));
}

/**
 * With dynamic items enabled and a pictures variable that has a value, one item per picture URL
 * (ids "0", "1", ...), titled and described by the same positions of the other two variables;
 * otherwise the static items that pass their display condition.
 */
export function getDisplayedPictureItems<
  C,
  I extends { id: string; displayCondition?: DisplayCondition<C> | null },
  VS extends readonly ReplyVariable[],
>(block: PictureBlockLike<I>, variables: VS, evaluateCondition: ConditionEvaluator<C, VS>): (I | DynamicPictureItem)[] {
  const dynamic = block.options?.dynamicItems;
  const pictures = dynamic?.isEnabled
    ? valueAsList(findVariableById(variables, dynamic.pictureSrcsVariableId)?.value)
    : undefined;
  if (pictures) {
    const titles = valueAsList(findVariableById(variables, dynamic?.titlesVariableId)?.value) ?? [];
    const descriptions = valueAsList(findVariableById(variables, dynamic?.descriptionsVariableId)?.value) ?? [];
    const items: DynamicPictureItem[] = [];
    pictures.forEach((pictureSrc, position) => {
      if (!pictureSrc) return;
      items.push({
        id: String(items.length),
        pictureSrc,
        title: titles[position] ?? "",
        description: descriptions[position] ?? "",
      });
    });
    return items;
  }
  return block.items.filter((item) => isShown(item.displayCondition, variables, evaluateCondition));
}

/**
 * A lone card whose image, title or description is exactly `{{List}}` becomes one card per list
 * element: list fields take the element at that position, other fields stay as written, and
 * buttons get the ids "dynamic-card-<card>-path-<button>" (keeping their edges). Otherwise the
 * cards that pass their display condition.
 */
export function getDisplayedCards<C, I extends CardLike<C>, VS extends readonly ReplyVariable[]>(
  block: { items: readonly I[] },
  variables: VS,
  evaluateCondition: ConditionEvaluator<C, VS>,
): I[] {
  const [template] = block.items;
  if (block.items.length === 1 && template) {
    const dynamicCards = expandDynamicCard(template, variables);
    if (dynamicCards) return dynamicCards;
  }
  return block.items.filter((item) => isShown(item.options?.displayCondition, variables, evaluateCondition));
}

function expandDynamicCard<I extends CardLike<unknown>>(
  template: I,
  variables: readonly ReplyVariable[],
): I[] | undefined {
  const listOf = (field: string | null | undefined) => {
    const value = soleVariableReference(variables, field)?.value;
    return isListValue(value) ? valueAsList(value) : undefined;
  };
  const titles = listOf(template.title);
  const imageUrls = listOf(template.imageUrl);
  const descriptions = listOf(template.description);
  const internalValues = listOf(template.options?.internalValue);
  const driving = titles ?? imageUrls ?? descriptions;
  if (!driving) return undefined;

  const pick = <T>(list: (string | null)[] | undefined, raw: T, index: number) => (list ? list[index] : raw);
  return driving.map((_, index) => {
    const card = {
      ...template,
      title: pick(titles, template.title, index),
      imageUrl: pick(imageUrls, template.imageUrl, index),
      description: pick(descriptions, template.description, index),
      ...(template.paths
        ? {
            paths: template.paths.map((path, pathIndex) => ({
              ...path,
              id: `dynamic-card-${index}-path-${pathIndex}`,
            })),
          }
        : {}),
      ...(internalValues ? { options: { ...template.options, internalValue: internalValues[index] } } : {}),
    };
    return card as I;
  });
}
