import './zod-locale.ts';

export * from './admin/index.ts';
export * from './auth/password.ts';
export * from './auth/profiles.ts';
export * from './auth/schemas.ts';
export * from './auth/token.ts';
export * from './cargas/index.ts';
export * from './catalogs/index.ts';
export * from './common/format.ts';
export * from './common/text.ts';
export * from './common/validators.ts';
export * from './herramientas/index.ts';
export * from './messages.ts';
export * from './navigation.ts';
export * from './planillas/index.ts';
export * from './tramites/index.ts';
