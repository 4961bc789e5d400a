/**
 * Each file's settings under the policy: the run's settings (the inputs, overridden by the policy
 * file's top level), then every rule whose `paths` match the file, in the file's order, the later
 * winning. Pure, and resolved once per path: the review request's focus areas, whether a finding
 * counts (gate scope), and the gate's thresholds all read the same answer.
 */
import type { FileSettings } from '../../domain/policy';
import { firstMatchingGlob } from '../globs';
import type { Settings } from '../settings';
import type { Policy } from './parse';

export type FileSettingsOf = (path: string) => FileSettings;

type RunSettings = Pick<Settings, 'focusAreas' | 'failOnSeverity' | 'minScore' | 'gateScope' | 'commentSeverity' | 'securityFlags'> &
  Partial<Pick<Settings, 'injectionCheck'>> & { policy?: Pick<Policy, 'rules'> };

export function fileSettingsResolver(settings: RunSettings): FileSettingsOf {
  const rules = (settings.policy?.rules ?? []).map((rule) => ({ rule, matches: firstMatchingGlob(rule.paths) }));
  const run: FileSettings = {
    focusAreas: settings.focusAreas,
    failOnSeverity: settings.failOnSeverity,
    minScore: settings.minScore,
    gateScope: settings.gateScope,
    commentSeverity: settings.commentSeverity,
    securityFlags: settings.securityFlags,
    injectionCheck: settings.injectionCheck ?? 'on',
    rules: [],
    decidedBy: {},
  };
  const resolved = new Map<string, FileSettings>();
  return (path) => {
    const known = resolved.get(path);
    if (known !== undefined) return known;
    let file = run;
    for (const { rule, matches } of rules) {
      if (matches(path) === undefined) continue;
      const decidedBy = { ...file.decidedBy };
      for (const key of rule.keys) decidedBy[key] = rule.number;
      file = { ...file, ...rule.settings, rules: [...file.rules, rule.number], decidedBy };
    }
    resolved.set(path, file);
    return file;
  };
}

/** The settings of the run with the policy's top level applied: the file's values override the workflow's inputs. */
export function applyPolicy(settings: Settings, policy: Policy | undefined): Settings {
  if (policy === undefined) return settings;
  // An `exclude` the policy sets replaces the default list, as the input does.
  const excludes = policy.settings.exclude === undefined ? {} : { defaultExcludes: [] };
  return { ...settings, ...policy.settings, ...excludes, policy };
}
