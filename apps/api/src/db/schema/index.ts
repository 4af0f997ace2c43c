export * from './catalogs.ts';
export * from './admin.ts';
export * from './auth.ts';
