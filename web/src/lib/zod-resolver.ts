import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod';

/**
 * Lets react-hook-form validate with the same zod schema the server uses. Each field (nested ones
 * too, such as `questions.0.optionA`) gets the first message the schema gives for it; list-level
 * messages land on the list (`questions.root`).
 */
export function zodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String);
      if (path.length === 0) path.push('root');
      let node = errors;
      for (const [index, key] of path.entries()) {
        const last = index === path.length - 1;
        if (last) {
          const existing = node[key] as Record<string, unknown> | undefined;
          if (existing && typeof existing === 'object' && !('message' in existing)) {
            existing.root ??= { type: issue.code, message: issue.message };
          } else {
            node[key] ??= { type: issue.code, message: issue.message };
          }
        } else {
          const child = node[key];
          if (!child || typeof child !== 'object' || 'message' in (child as object)) node[key] = {};
          node = node[key] as Record<string, unknown>;
        }
      }
    }
    return { values: {}, errors: errors as FieldErrors<z.input<Schema>> };
  };
}
