// The manual's menu entry registers itself (side effect).
import './menu.ts';

export * from './columns.ts';
export * from './manual-pagos.ts';
export * from './messages.ts';
export * from './responses.ts';
export * from './rules.ts';
export * from './validate.ts';
