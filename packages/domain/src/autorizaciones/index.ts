export * from './messages.ts';
export * from './responses.ts';
export * from './rules.ts';
export * from './schemas.ts';
