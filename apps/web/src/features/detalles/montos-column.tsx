import { compareMoney } from '@app/domain/detalles/money';
import type { PlanillaFila } from '@app/domain/planillas/types';
import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import { dinero } from './totales-resumen.tsx';

/**
 * The attentions list's money column (issue 13): approved and, below it, the glosa when there is
 * one; the claimed value in the tooltip. Inserted before the fixed 'Opciones' column.
 */
export function conMontos(columns: TableColumnsType<PlanillaFila>): TableColumnsType<PlanillaFila> {
  const col: TableColumnsType<PlanillaFila>[number] = {
    key: 'montos',
    title: 'Aprobado / Glosa',
    width: 140,
    align: 'right',
    render: (_: unknown, r) =>
      r.totalAprobado === undefined ? null : (
        <span title={`Reclamado ${dinero(r.totalReclamado)}`}>
          {dinero(r.totalAprobado)}
          {compareMoney(r.totalGlosa, '0') > 0 && (
            <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
              − {dinero(r.totalGlosa)}
            </Typography.Text>
          )}
        </span>
      ),
  };
  const i = columns.findIndex((c) => c.key === 'opciones');
  return i === -1 ? [...columns, col] : [...columns.slice(0, i), col, ...columns.slice(i)];
}
