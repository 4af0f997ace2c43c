import { formatCount, formatDate } from '@app/domain/common/format';
import type { Totales } from '@app/domain/detalles/index';
import { compareMoney, formatMoneyText } from '@app/domain/detalles/money';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { detalleKeys, detallesApi } from './detalles-api.ts';

/** "$ 1.234,56" from a decimal string, without a float on the way. */
export const dinero = (v: string | null | undefined) => (v ? `$ ${formatMoneyText(v)}` : '$ 0,00');

/** Claimed · approved · objected, the glosa in red when there is one. */
export function Montos({ totales, compacto = false }: { totales: Totales; compacto?: boolean }) {
  const glosa = compareMoney(totales.glosa, '0') > 0;
  const gap = compacto ? 12 : 24;
  return (
    <Flex gap={gap} wrap component="span">
      <Tooltip title="Lo que el prestador reclama: cantidad × valor unitario de cada detalle">
        <span>
          Reclamado: <strong>{dinero(totales.reclamado)}</strong>
        </span>
      </Tooltip>
      <Tooltip title="Lo que la auditoría aprueba (un detalle inactivo no aprueba nada)">
        <span>
          Aprobado: <strong>{dinero(totales.aprobado)}</strong>
        </span>
      </Tooltip>
      <Tooltip title="Glosa: la diferencia entre lo reclamado y lo aprobado">
        <Typography.Text type={glosa ? 'danger' : undefined}>
          Glosa: <strong>{dinero(totales.glosa)}</strong>
        </Typography.Text>
      </Tooltip>
    </Flex>
  );
}

/** The attention's totals (record page), refreshed with its version. */
export function TotalesAtencion({ idPlanilla }: { idPlanilla: number }) {
  const q = useQuery({
    queryKey: detalleKeys.totales(idPlanilla),
    queryFn: ({ signal }) => detallesApi.totalesPlanilla(idPlanilla, signal),
  });
  if (!q.data) return null;
  const t = q.data;
  return (
    <Montos
      compacto
      totales={{ reclamado: t.totalReclamado, aprobado: t.totalAprobado, glosa: t.totalGlosa }}
    />
  );
}

/** Footer of the attentions list: the procedure's totals (active attentions the user may see). */
export function TotalesTramiteBar({ idTramite }: { idTramite: number }) {
  const q = useQuery({
    queryKey: detalleKeys.tramite(idTramite),
    queryFn: ({ signal }) => detallesApi.totalesTramite(idTramite, signal),
  });
  if (!q.data) return null;
  return (
    <Flex justify="flex-end" gap={12} wrap style={{ marginTop: 8 }} aria-label="Totales del trámite">
      <Typography.Text type="secondary">
        Totales del trámite ({formatCount(q.data.atenciones)} atenciones):
      </Typography.Text>
      <Montos compacto totales={q.data.totales} />
    </Flex>
  );
}

/** Procedure header: its totals, and each load's on demand. */
export function TotalesTramite({ idTramite }: { idTramite: number }) {
  const [verCargas, setVerCargas] = useState(false);
  const q = useQuery({
    queryKey: detalleKeys.tramite(idTramite),
    queryFn: ({ signal }) => detallesApi.totalesTramite(idTramite, signal),
  });
  if (!q.data) return null;
  const d = q.data;
  return (
    <Card size="small" variant="borderless" style={{ marginBottom: 16 }} title="Valores del trámite">
      <Flex vertical gap={8}>
        <Flex justify="space-between" wrap gap={12}>
          <Montos totales={d.totales} />
          {d.cargas.length > 1 && (
            <Button
              type="link"
              size="small"
              aria-expanded={verCargas}
              onClick={() => setVerCargas((v) => !v)}
            >
              {verCargas ? 'Ocultar cargas' : 'Ver por carga'}
            </Button>
          )}
        </Flex>
        {verCargas && (
          <Table
            size="small"
            pagination={false}
            rowKey="idCarga"
            dataSource={d.cargas}
            columns={[
              {
                title: 'Carga',
                key: 'periodo',
                render: (_: unknown, c) =>
                  `${formatDate(c.fechaDesde)} – ${formatDate(c.fechaHasta)} (${c.tipoCarga})`,
              },
              {
                title: 'Atenciones',
                dataIndex: 'atenciones',
                align: 'right',
                render: (v: number) => formatCount(v),
              },
              { title: 'Reclamado', dataIndex: 'reclamado', align: 'right', render: dinero },
              { title: 'Aprobado', dataIndex: 'aprobado', align: 'right', render: dinero },
              { title: 'Glosa', dataIndex: 'glosa', align: 'right', render: dinero },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}
