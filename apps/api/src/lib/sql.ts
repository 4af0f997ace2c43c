/** camelCase JSON name → snake_case column (Drizzle's `casing: 'snake_case'`). */
export const col = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Quoted identifier for names that come from declarations, never from requests. */
export const ident = (name: string) => `"${name.replace(/"/g, '')}"`;

/** Accent- and case-insensitive "contains" on an expression; the same fold as foldText(). */
export const foldedLike = (expr: string, param: string) => `f_unaccent(lower(${expr}::text)) LIKE ${param}`;

/** The LIKE pattern for a search text, escaped. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
