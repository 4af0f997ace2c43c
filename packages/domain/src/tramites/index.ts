export * from './anulacion.ts';
export * from './messages.ts';
export * from './periodo.ts';
export * from './responses.ts';
export * from './schemas.ts';
export * from './vistas.ts';
export * from './workflow.ts';
