import { ORGANISATION_RULES, PRACTICE_RULES, type Rule } from './rules.js';

/** The access rules as the Markdown table ARCHITECTURE.md carries (a test keeps the two equal). */
export function renderAccessRules(): string {
  const rows = (scope: string, rules: Record<string, Rule>) =>
    Object.entries(rules).map(
      ([action, rule]) =>
        `| ${scope} | \`${action}\` | ${rule.roles.join(', ')} | ${rule.apiKey ?? '—'} | ${rule.describes} |`,
    );
  return [
    '| scope | action | roles | API key permission | allows |',
    '|---|---|---|---|---|',
    ...rows('practice', PRACTICE_RULES),
    ...rows('organisation', ORGANISATION_RULES),
  ].join('\n');
}
