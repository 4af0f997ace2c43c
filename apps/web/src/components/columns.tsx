import { formatDate, formatDateTime } from '@app/domain';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';

/**
 * Columns of the hand-written lists (a catalogue's list builds its own from the declaration).
 * A calendar date or an instant, shown dd/MM/yyyy (instants in America/Guayaquil).
 */
export function dateCol<T extends object>(key: string, title: string, sortable = true): ColumnType<T> {
  return {
    key,
    dataIndex: key,
    title,
    sorter: sortable,
    width: 112,
    render: (v: string | null) => formatDate(v),
  };
}

/** An instant, dd/MM/yyyy HH:mm in America/Guayaquil. */
export function dateTimeCol<T extends object>(key: string, title: string, sortable = true): ColumnType<T> {
  return {
    key,
    dataIndex: key,
    title,
    sorter: sortable,
    width: 160,
    render: (v: string | null) => formatDateTime(v),
  };
}

export function textCol<T extends object>(
  key: string,
  title: string,
  sortable = false,
  width?: number,
): ColumnType<T> {
  return {
    key,
    dataIndex: key,
    title,
    sorter: sortable,
    width,
    ellipsis: width ? { showTitle: true } : undefined,
  };
}

/**
 * A list's 'Opciones' column: the row's actions, centred and fixed at the right edge so that they stay
 * in view however wide the other columns make the table.
 */
export function opcionesCol<T extends object>(render: (row: T) => ReactNode, width = 120): ColumnType<T> {
  return {
    key: 'opciones',
    title: 'Opciones',
    width,
    align: 'center',
    fixed: 'right',
    render: (_: unknown, row: T) => render(row),
  };
}
