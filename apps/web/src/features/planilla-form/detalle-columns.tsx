import { formatCount, formatDate, formatMoney } from '@app/domain/common/format';
import type { DetalleFilaAuditada } from '@app/domain/detalles/responses';
import { Flex, type TableColumnsType, Typography } from 'antd';
import { calendarDate } from './planilla-rules.ts';

const flag = (v: number) => (v ? 'Sí' : '—');

/**
 * The line items' columns as the activation tab reads them (activar-detalle-tab.tsx): date, code,
 * element, quantity, amounts, lab / imaging flags. The audit's own columns, with the approved value
 * and the actions, are features/detalles/detalle-columns.tsx.
 */
export const detalleColumns: TableColumnsType<DetalleFilaAuditada> = [
  {
    title: 'Fecha',
    dataIndex: 'fechaAtencion',
    width: 104,
    render: (v: string | null) => formatDate(calendarDate(v)),
  },
  { title: 'Código', dataIndex: 'codigo', width: 96 },
  {
    title: 'Elemento',
    key: 'elemento',
    render: (_: unknown, d) => (
      <Flex vertical>
        <span>{d.descripcion ?? d.elementoNombre}</span>
        {d.elementoCodigo && d.elementoNombre && d.elementoNombre !== d.descripcion && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {d.elementoCodigo} · {d.elementoNombre}
          </Typography.Text>
        )}
      </Flex>
    ),
  },
  {
    title: 'Cantidad',
    dataIndex: 'cantidad',
    align: 'right',
    width: 88,
    render: (v: number) => formatCount(v),
  },
  {
    title: 'Valor unitario',
    dataIndex: 'valorUni',
    align: 'right',
    width: 120,
    render: (v: string) => formatMoney(v),
  },
  { title: 'Total', dataIndex: 'total', align: 'right', width: 120, render: (v: string) => formatMoney(v) },
  { title: 'Lab.', dataIndex: 'laboratorio', align: 'center', width: 56, render: flag },
  { title: 'Img.', dataIndex: 'imagen', align: 'center', width: 56, render: flag },
];
