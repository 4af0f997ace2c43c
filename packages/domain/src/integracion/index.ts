export * from './messages.ts';
export * from './schemas.ts';
