import { formatCount, formatDateTime, formatMoney } from '@app/domain/common/format';
import { Card, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { StateTag } from '../../components/state-tag.tsx';
import { TotalesAtencion } from '../detalles/totales-resumen.tsx';
import type { Planilla } from './planilla-api.ts';
import { periodoCarga } from './planilla-rules.ts';

/** The 'Estado' panel of the record: numbers, doctor, both reviews with who and when, level, totals. */
export function itemsEstado(p: Planilla): NonNullable<DescriptionsProps['items']> {
  return [
    { key: 'numero', label: 'Número', children: p.numero },
    { key: 'numeroExt', label: 'Número externo', children: p.numeroExt || '—' },
    {
      key: 'medico',
      label: 'Médico',
      children: p.nombreMedico ? `${p.nombreMedico}${p.cedulaMedico ? ` (${p.cedulaMedico})` : ''}` : '—',
    },
    {
      key: 'estadoAud',
      label: 'Estado AM',
      children: (
        <Flex vertical gap={2}>
          <StateTag state={p.estadoAud} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.usuarioMed ?? 'Sin médico auditor asignado'}
            {p.fechaAud ? ` · ${formatDateTime(p.fechaAud)}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'estadoDoc',
      label: 'Estado GD',
      children: (
        <Flex vertical gap={2}>
          <StateTag state={p.estadoDoc} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.usuarioDoc ?? 'Sin gestor documental asignado'}
            {p.fechaDoc ? ` · ${formatDateTime(p.fechaDoc)}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'nivel', label: 'Nivel', children: p.nivel === 2 ? 'Segundo nivel' : 'Primer nivel' },
    { key: 'duplicada', label: 'Duplicada', children: p.duplicada === 1 ? 'Sí' : 'No' },
    {
      key: 'total',
      label: 'Total',
      children: `${formatMoney(p.total) || '$ 0,00'} (${formatCount(p.numDetalles) || '0'} ${p.numDetalles === 1 ? 'detalle' : 'detalles'})`,
    },
    {
      key: 'valores',
      label: 'Valores',
      span: 'filled',
      children: <TotalesAtencion idPlanilla={p.idPlanilla} />,
    },
    { key: 'periodo', label: 'Periodo de la carga', children: periodoCarga(p) },
    {
      key: 'act',
      label: 'Última actualización',
      children: p.fechaAct ? formatDateTime(p.fechaAct) : '—',
    },
  ];
}

/**
 * The 'Estado' card: `columnas` 1 beside the form, 2 beside the documents (1366 px: values and
 * labels do not wrap), up to 3 in the popup; the templates under it.
 */
export function TarjetaEstado({
  planilla,
  columnas,
  children,
}: {
  planilla: Planilla;
  columnas: 1 | 2 | 3;
  children?: ReactNode;
}) {
  const column = columnas === 3 ? { xs: 1, sm: 2, md: 3 } : columnas === 2 ? { xs: 1, sm: 2 } : 1;
  return (
    <Card variant="borderless" size="small" title="Estado" style={{ marginBottom: 16 }}>
      <Descriptions size="small" column={column} items={itemsEstado(planilla)} />
      {children}
    </Card>
  );
}
