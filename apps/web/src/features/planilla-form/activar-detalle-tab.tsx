import type { DetalleFilaAuditada } from '@app/domain/detalles/responses';
import { MSG } from '@app/domain/messages';
import { MSG_DETALLE } from '@app/domain/planillas/detalles';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Switch, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { detalleColumns } from './detalle-columns.tsx';
import { type Planilla, planillaApi, planillaKeys } from './planilla-api.ts';

type Feedback = ReturnType<typeof useFeedback>;

/**
 * Activar detalle (supervisor, docs/spec-summary.md 000 §2 / docs/spec-summary.md 001 'toggle variant'): every line item of the
 * attention with an on/off switch, 5 per page. A change recalculates the attention's total and is
 * written to the audit trail; the attention's version guards concurrent edits.
 */
export default function ActivarDetalleTab({
  planilla: p,
  feedback,
}: {
  planilla: Planilla;
  feedback: Feedback;
}) {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const params = { estado: 'todos' as const, page, pageSize: 5 };
  const query = useQuery({
    queryKey: planillaKeys.sub(p.idPlanilla, 'detalles', params),
    queryFn: ({ signal }) => planillaApi.detalles(p.idPlanilla, params, signal),
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation({
    mutationFn: (v: { idDet: number; estado: 0 | 1 }) =>
      planillaApi.detalleEstado(p.idPlanilla, v.idDet, v.estado, p.version),
    onSuccess: (res) => {
      feedback.success(res.mensaje);
      queryClient.setQueryData<Planilla>(planillaKeys.detail(p.idPlanilla), (old) =>
        old ? { ...old, total: res.planilla.total, version: res.planilla.version } : old,
      );
      void queryClient.invalidateQueries({ queryKey: planillaKeys.detail(p.idPlanilla) });
    },
    onError: (e) => {
      feedback.errorDialog(MSG.error, e.message);
      if (e instanceof ApiError && e.status === 409)
        void queryClient.invalidateQueries({ queryKey: planillaKeys.detail(p.idPlanilla) });
    },
  });

  const columns: TableColumnsType<DetalleFilaAuditada> = [
    {
      title: 'Activo',
      key: 'activo',
      width: 80,
      align: 'center',
      render: (_: unknown, d) => (
        <Switch
          size="small"
          checked={d.estado === 1}
          aria-label={`${d.estado === 1 ? 'Desactivar' : 'Activar'} el detalle ${d.codigo}`}
          loading={toggle.isPending && toggle.variables?.idDet === d.idPlanillaDet}
          disabled={toggle.isPending}
          onChange={(on) => toggle.mutate({ idDet: d.idPlanillaDet, estado: on ? 1 : 0 })}
        />
      ),
    },
    ...detalleColumns,
  ];

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        Los detalles inactivos no suman en el total de la atención. Cada cambio queda en la auditoría.
      </Typography.Text>
      <DataTable<DetalleFilaAuditada>
        columns={columns}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        page={page}
        pageSize={5}
        onPageChange={setPage}
        loading={query.isFetching}
        consulta={query}
        errorFallback={MSG_PLANILLA.errorLista}
        rowKey="idPlanillaDet"
        emptyText={MSG_DETALLE.sinDetallesInactivos}
        ariaLabel="Activar detalle"
        tableProps={{ rowClassName: (d) => (d.estado === 1 ? '' : 'pf-row-inactive') }}
      />
    </Flex>
  );
}
