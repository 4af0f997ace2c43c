export * from './columns.ts';
export * from './formato.ts';
export * from './messages.ts';
export * from './responses.ts';
export * from './rules.ts';
export * from './schemas.ts';
export * from './validate.ts';
