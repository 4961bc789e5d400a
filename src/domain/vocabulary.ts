/**
 * The words every stage shares: the languages, focus areas and severities of the review service,
 * and the settings' choices that more than one stage reads. Defined here, at the bottom, so no
 * stage imports them from a later one (nor from the service's wire types).
 */

/** Languages the review operation accepts (`language`, default `python`). */
export const REVIEW_LANGUAGES = ['python', 'javascript', 'typescript', 'go', 'rust'] as const;
export type ReviewLanguage = (typeof REVIEW_LANGUAGES)[number];

/** Elements allowed in `focus_areas`. */
export const FOCUS_AREAS = ['security', 'performance', 'readability', 'best_practices'] as const;
export type FocusArea = (typeof FOCUS_AREAS)[number];

/** Issue severities, most severe first. */
export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The severities that can fail the check, or `never`. */
export type FailOnSeverity = Severity | 'never';

/** Which findings count toward the gate: on lines the change adds, or anywhere in a reviewed file. */
export type GateScope = 'added' | 'file';

/** What the check does when some file could not be reviewed. */
export type OnIncomplete = 'fail' | 'pass' | 'neutral';

/** `base`: a changed file fails min-score only when it also scores below its base version. */
export type ScoreBaseline = 'none' | 'base';

/** `maintainers`: a dismissal by someone with write access counts; `off`: none does. */
export type DismissMode = 'maintainers' | 'off';
export const DISMISS_MODES: readonly DismissMode[] = ['maintainers', 'off'];

/**
 * What the answer's `security_flags` do: `gate`, count like findings of their severity; `report`,
 * shown on every surface and never counted.
 */
export const SECURITY_FLAGS_MODES = ['gate', 'report'] as const;
export type SecurityFlagsMode = (typeof SECURITY_FLAGS_MODES)[number];

/**
 * `on`: each file with comment or string text gets a second review with that text blanked, and the
 * gate takes the stricter answer (the file's own words may have swayed the first); `off`: one review.
 */
export const INJECTION_CHECK_MODES = ['on', 'off'] as const;
export type InjectionCheckMode = (typeof INJECTION_CHECK_MODES)[number];
