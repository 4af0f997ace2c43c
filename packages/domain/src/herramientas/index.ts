// The WHO LMS table (oms-imc-lms.ts) is not re-exported: it is loaded lazily by the page that needs it.
export * from './acerca.ts';
export * from './calculadora.ts';
export * from './imc.ts';
export * from './manual-datos.ts';
export * from './menu.ts';
export * from './messages.ts';
export * from './preferencias.ts';
export * from './schemas.ts';
