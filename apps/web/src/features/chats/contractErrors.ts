/** What the contracts' zod schemas offer a form: a check that lists its issues. */
interface ContractSchema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
}

/**
 * A form's errors from the contract's own rules, so the form and the server never disagree: the
 * first issue of each top-level field, under that field's name.
 */
export function contractErrors(schema: ContractSchema, body: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(body).error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
