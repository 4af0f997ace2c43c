export * from './catalogs.ts';
export * from './admin.ts';
export * from './auth.ts';
export * from './tramites.ts';
export * from './planillas.ts';
export * from './admin2.ts';
export * from './archivos.ts';
