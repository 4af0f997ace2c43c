import { formatDate, formatMoney } from '@app/domain/common/format';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { type OtraAtencion, type Planilla, planillaApi, planillaKeys } from './planilla-api.ts';
import { calendarDate } from './planilla-rules.ts';

const fecha = (v: string) => formatDate(calendarDate(v));

const columns: TableColumnsType<OtraAtencion> = [
  { title: 'Trámite', dataIndex: 'numeroTramite', width: 150 },
  { title: 'Número', dataIndex: 'numero', width: 110 },
  { title: 'F. desde', dataIndex: 'fechaDesde', width: 104, render: fecha },
  { title: 'F. hasta', dataIndex: 'fechaHasta', width: 104, render: fecha },
  {
    title: 'Diagnóstico principal',
    key: 'diag1',
    render: (_: unknown, o) => (o.diag1 ? `${o.diag1} · ${o.diag1Nombre ?? MSG_PLANILLA.noEncontrado}` : '—'),
  },
  { title: 'Total', dataIndex: 'total', align: 'right', width: 110, render: (v: string) => formatMoney(v) },
  { title: 'Estado AM', dataIndex: 'estadoAud', width: 110, render: (v: string) => <StateTag state={v} /> },
  { title: 'Estado GD', dataIndex: 'estadoDoc', width: 110, render: (v: string) => <StateTag state={v} /> },
];

/** Otras atenciones: the same patient's other attentions at this provider; double-click or Enter opens one. */
export default function OtrasTab({
  planilla: p,
  onOpen,
}: {
  planilla: Planilla;
  onOpen: (o: OtraAtencion) => void;
}) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: planillaKeys.sub(p.idPlanilla, 'otras', page),
    queryFn: ({ signal }) => planillaApi.otras(p.idPlanilla, page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        Atenciones del paciente {p.cedula} · {p.nombre} en el mismo prestador. Doble clic para abrir una.
      </Typography.Text>
      <DataTable<OtraAtencion>
        columns={columns}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
        loading={query.isFetching}
        consulta={query}
        errorFallback={MSG_PLANILLA.errorLista}
        rowKey="idPlanilla"
        onRowDoubleClick={onOpen}
        emptyText="El paciente no tiene otras atenciones registradas."
        ariaLabel="Otras atenciones del paciente"
      />
    </Flex>
  );
}
