export * from './controles.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './schemas.ts';
export * from './types.ts';
