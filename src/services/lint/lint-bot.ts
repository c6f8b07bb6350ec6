import type { BotDocument } from "../../schemas/bot.js";
import { checkEmptyBubbles } from "./empty-bubbles.js";
import { checkIdleTimeouts } from "./idle-timeouts.js";
import type { LintCheck, LintFinding } from "./finding.js";
import { checkMissingSetup } from "./missing-setup.js";
import { checkMissingTargets } from "./missing-targets.js";
import { checkMissingTranslations } from "./missing-translations.js";
import { checkNotRunnable } from "./not-runnable.js";
import { checkSilentEndings } from "./silent-endings.js";
import { checkUnreachableGroups } from "./unreachable-groups.js";
import { checkUnsetVariables } from "./unset-variables.js";

export type { LintFinding, LintSeverity } from "./finding.js";

const checks: readonly LintCheck[] = [
  checkMissingTargets,
  checkSilentEndings,
  checkUnreachableGroups,
  checkUnsetVariables,
  checkEmptyBubbles,
  checkIdleTimeouts,
  checkMissingTranslations,
  checkNotRunnable,
  checkMissingSetup,
];

/**
 * Checks a draft before it is published: errors first, then warnings, each in document order.
 * Findings never block publishing; they are shown on their blocks so the author can decide.
 */
export function lintBot(doc: BotDocument): LintFinding[] {
  const findings = checks.flatMap((check) => check(doc));
  return [
    ...findings.filter((finding) => finding.severity === "error"),
    ...findings.filter((finding) => finding.severity === "warning"),
  ];
}
