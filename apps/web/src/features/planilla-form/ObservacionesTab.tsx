import { formatDateTime } from '@app/domain/common/format';
import { MSG_DETALLE, type ObservacionFila } from '@app/domain/planillas/detalles';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorRetry } from '../../components/ErrorRetry.tsx';
import { type Planilla, planillaApi, planillaKeys } from './planilla-api.ts';

const dash = (v: string | null) => v || '—';

const columns: TableColumnsType<ObservacionFila> = [
  {
    title: 'Nivel',
    key: 'nivel',
    width: 120,
    render: (_: unknown, o) => (o.nivel === 'PLANILLA' ? 'Atención' : `Detalle ${o.codigoDetalle ?? ''}`),
  },
  { title: 'Observación estándar', dataIndex: 'observacionEstandar' },
  { title: 'Observación complementaria', dataIndex: 'observacionComplementaria', render: dash },
  { title: 'Respuesta estándar', dataIndex: 'respuestaEstandar', render: dash },
  { title: 'Respuesta complementaria', dataIndex: 'respuestaComplementaria', render: dash },
  {
    title: 'Estado',
    dataIndex: 'respondida',
    width: 120,
    render: (v: boolean) => (v ? <Tag color="green">Respondida</Tag> : <Tag color="gold">Sin respuesta</Tag>),
  },
  {
    title: 'Registro',
    key: 'registro',
    width: 170,
    render: (_: unknown, o) => (
      <Flex vertical>
        <span>{formatDateTime(o.fechaReg)}</span>
        {o.usuario && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {o.usuario}
          </Typography.Text>
        )}
      </Flex>
    ),
  },
];

/**
 * Observaciones de Auditoría Médica (M) / de Gestión Documental (D), read-only here: those on the
 * attention and on its line items, with their answers. Writing them is the observations screens' job.
 */
export default function ObservacionesTab({ planilla: p, tipo }: { planilla: Planilla; tipo: TipoRevision }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: planillaKeys.sub(p.idPlanilla, 'observaciones', { tipo, page }),
    queryFn: ({ signal }) => planillaApi.observaciones(p.idPlanilla, tipo, page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Flex vertical gap={12}>
      <ErrorRetry
        error={query.error}
        fallback={MSG_PLANILLA.errorLista}
        onRetry={() => void query.refetch()}
      />
      <DataTable<ObservacionFila>
        columns={columns}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        loading={query.isFetching}
        rowKey={(o) => `${o.nivel}-${o.id}`}
        emptyText={MSG_DETALLE.sinObservaciones}
        ariaLabel={tipo === 'M' ? 'Observaciones de Auditoría Médica' : 'Observaciones de Gestión Documental'}
      />
    </Flex>
  );
}
