export * from './workflow.ts';
export * from './messages.ts';
export * from './schemas.ts';
