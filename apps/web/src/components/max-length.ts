import type { ZodType } from 'zod';

/**
 * The most characters a zod schema accepts for a text (its `.max(n)` or `.length(n)`), looking through
 * optional, nullable, default, transform and preprocess wrappers; undefined when it sets no limit.
 * Forms pass it to antd's `maxLength` + `showCount` so a limit is never a silent cut (issue 14 §4).
 */
export function textMaxLength(schema: ZodType | undefined): number | undefined {
  if (!schema) return undefined;
  const def = schema._zod.def as unknown as {
    type: string;
    innerType?: ZodType;
    in?: ZodType;
    out?: ZodType;
    options?: ZodType[];
  };
  switch (def.type) {
    case 'string': {
      const max = (schema as unknown as { maxLength: number | null }).maxLength;
      return typeof max === 'number' && Number.isFinite(max) ? max : undefined;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return textMaxLength(def.innerType);
    case 'pipe':
      return textMaxLength(def.in) ?? textMaxLength(def.out);
    case 'union': {
      const all = (def.options ?? []).map(textMaxLength).filter((n): n is number => n !== undefined);
      return all.length ? Math.max(...all) : undefined;
    }
    default:
      return undefined;
  }
}

/** The field `name` of an object schema (through refinements, transforms and wrappers). */
export function fieldSchema(schema: ZodType | undefined, name: string): ZodType | undefined {
  if (!schema) return undefined;
  const def = schema._zod.def as unknown as {
    type: string;
    shape?: Record<string, ZodType>;
    innerType?: ZodType;
    in?: ZodType;
    left?: ZodType;
    right?: ZodType;
  };
  switch (def.type) {
    case 'object':
      return def.shape?.[name];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return fieldSchema(def.innerType, name);
    case 'pipe':
      return fieldSchema(def.in, name);
    case 'intersection':
      return fieldSchema(def.left, name) ?? fieldSchema(def.right, name);
    default:
      return undefined;
  }
}

/** The limit of one field of a form's schema. */
export const fieldMaxLength = (schema: ZodType | undefined, name: string) =>
  textMaxLength(fieldSchema(schema, name));
