export * from './menu.ts';
export * from './messages.ts';
export * from './rules.ts';
export * from './schemas.ts';
