export * from './controles.ts';
export * from './detalles.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './popup-message.ts';
export * from './schemas.ts';
export * from './types.ts';
