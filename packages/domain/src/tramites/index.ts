export * from './messages.ts';
export * from './schemas.ts';
export * from './workflow.ts';
export * from './responses.ts';
