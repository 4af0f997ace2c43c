export * from './messages.ts';
export * from './responses.ts';
export * from './rules.ts';
