export * from './admin.ts';
export * from './admin2.ts';
export * from './archivos.ts';
export * from './auth.ts';
export * from './catalogs.ts';
export * from './integracion.ts';
export * from './planillas.ts';
export * from './tramites.ts';
