import { formatCount, PAGE_SIZE } from '@app/domain';

export { PAGE_SIZE };

export type SortOrder = 'ascend' | 'descend' | null;

/** 'Total: 1.234 registros' (one 'registro'). */
export function totalLabel(total: number): string {
  return `Total: ${formatCount(total) || '0'} ${total === 1 ? 'registro' : 'registros'}`;
}

/** antd sort order of column `key` under the API sort ('nombre' / '-nombre'). */
export function sortOrderOf(sort: string | undefined, key: string): SortOrder {
  if (!sort) return null;
  if (sort === key) return 'ascend';
  if (sort === `-${key}`) return 'descend';
  return null;
}

/** The API sort for an antd sorter change; undefined when the sort is removed. */
export function sortFromOrder(key: string | undefined, order: SortOrder | undefined): string | undefined {
  if (!key || !order) return undefined;
  return order === 'descend' ? `-${key}` : key;
}

export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
