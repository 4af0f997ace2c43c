import {
  canAuditarValores,
  canEditarDetalle,
  canToggleDetalle,
  type DetalleEscritura,
  type DetalleFilaAuditada,
  detalleEditable,
  menuEditarVisible,
} from '@app/domain/detalles/index';
import { MSG_DETALLE } from '@app/domain/planillas/detalles';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { PlanillaDetalleRespuesta } from '@app/domain/planillas/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { BusquedaTodos, useBusqueda } from '../../components/busqueda-todos.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { previosDe, useAlCambiar } from '../../lib/por-registro.ts';
import { useSession } from '../../lib/use-session.ts';
import { detalleObsPath } from '../observaciones/observaciones-rules.ts';
import { AprobadoModal } from './aprobado-modal.tsx';
import { type AccionDetalle, detalleColumnas } from './detalle-columns.tsx';
import { DetalleModal } from './detalle-modal.tsx';
import { detalleKeys, detallesApi, type EstadoFiltro } from './detalles-api.ts';
import { FechaModal } from './fecha-modal.tsx';
import { Montos } from './totales-resumen.tsx';

type Abierto = { tipo: 'nuevo' } | { tipo: AccionDetalle; d: DetalleFilaAuditada } | null;

/**
 * Line items of an attention as the audit works them (docs/spec-summary.md 001 §2.7, issue 13 items 2–3): the
 * claim, the approved value and the glosa of each line, page and attention totals in the footer;
 * add and edit (double-click in RECIBIDO / EN PROCESO / PLANILLAJE for 16–19; the Edit menu item
 * only in RECIBIDO), the on/off toggle (16, 17, 18), the approved value / glosa and lab dates.
 */
export default function DetallesAuditoria({
  planilla: p,
  compacto = false,
}: {
  planilla: PlanillaDetalleRespuesta;
  /** Narrow columns that fit beside the documents (issue 14 §1; detalleColumnas). */
  compacto?: boolean;
}) {
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const navigate = useNavigate();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const busqueda = useBusqueda();
  const { q, page, setPage } = busqueda;
  const [estado, setEstado] = useState<EstadoFiltro>('1');
  const [abierto, setAbierto] = useState<Abierto>(null);
  const [version, setVersion] = useState(p.version);
  useEffect(() => setVersion(p.version), [p.version]);
  const [toggling, setToggling] = useState<number | null>(null);
  // Kept mounted from one attention to the next (the auditor's loop): its search starts again.
  useAlCambiar(p.idPlanilla, () => {
    busqueda.reiniciar();
    setEstado('1');
    setAbierto(null);
    setVersion(p.version);
    setToggling(null);
  });

  const trabajo = detalleEditable(p.estadoTramite);
  const c = {
    editar: trabajo && canEditarDetalle(idPerfil),
    menuEditar: menuEditarVisible(p.estadoTramite) && canEditarDetalle(idPerfil),
    valores: trabajo && canAuditarValores(idPerfil),
    toggle: trabajo && canToggleDetalle(idPerfil),
  };
  // The toggle variant lists inactive lines too, 5 per page (docs/spec-summary.md 001 §2.7).
  const pageSize = estado === '1' ? 10 : 5;
  const params = { q: q || undefined, estado, page, pageSize };
  const lista = useQuery({
    queryKey: detalleKeys.lista(p.idPlanilla, params),
    queryFn: ({ signal }) => detallesApi.lista(p.idPlanilla, params, signal),
    placeholderData: previosDe(['planilla', p.idPlanilla]),
  });

  const guardado = (r: DetalleEscritura) => {
    feedback.success(r.mensaje);
    setVersion(r.planilla.version);
    setAbierto(null);
    void queryClient.invalidateQueries({ queryKey: ['planilla', p.idPlanilla] });
    void queryClient.invalidateQueries({ queryKey: detalleKeys.tramite(p.idTramite) });
  };
  const toggle = useMutation({
    mutationFn: (v: { d: DetalleFilaAuditada; on: boolean }) => {
      setToggling(v.d.idPlanillaDet);
      return detallesApi.estado(p.idPlanilla, v.d.idPlanillaDet, v.on ? 1 : 0, version);
    },
    onSuccess: guardado,
    onError: (e) => feedback.saveError(e instanceof ApiError ? e.message : undefined),
    onSettled: () => setToggling(null),
  });
  const accion = (d: DetalleFilaAuditada, a: AccionDetalle) => {
    if (a === 'activar' || a === 'desactivar') toggle.mutate({ d, on: a === 'activar' });
    else if (a === 'observaciones')
      navigate(detalleObsPath(p.idTramite, p.estadoTramite, d.idPlanillaDet, 'M', c.valores, p.idPlanilla));
    else setAbierto({ tipo: a, d });
  };
  const data = lista.data;

  return (
    <Flex vertical gap={12}>
      {feedback.contextHolder}
      <Flex gap={8} wrap justify="space-between">
        <BusquedaTodos
          busqueda={busqueda}
          ariaLabel="Buscar detalle por código o descripción"
          placeholder="Código TPSNS, descripción o elemento"
          maxWidth={380}
        >
          {c.toggle && (
            <Segmented<EstadoFiltro>
              aria-label="Detalles a mostrar"
              value={estado}
              onChange={(v) => {
                setEstado(v);
                setPage(1);
              }}
              options={[
                { value: '1', label: 'Activos' },
                { value: '0', label: 'Inactivos' },
                { value: 'todos', label: 'Todos' },
              ]}
            />
          )}
        </BusquedaTodos>
        {c.editar && (
          <Button type="primary" onClick={() => setAbierto({ tipo: 'nuevo' })}>
            Agregar detalle
          </Button>
        )}
      </Flex>
      <DataTable<DetalleFilaAuditada>
        consulta={lista}
        errorFallback={MSG_PLANILLA.errorLista}
        columns={detalleColumnas(c, accion, (d, on) => toggle.mutate({ d, on }), toggling, compacto)}
        // Compact: the table takes its container's width and wraps the element's name instead of scrolling.
        tableProps={compacto ? { scroll: undefined } : undefined}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        loading={lista.isFetching}
        rowKey="idPlanillaDet"
        onRowDoubleClick={c.editar ? (d) => setAbierto({ tipo: 'editar', d }) : undefined}
        emptyText={
          q
            ? MSG_PLANILLA.sinResultados
            : estado === '0'
              ? MSG_DETALLE.sinDetallesInactivos
              : MSG_DETALLE.sinDetalles
        }
        ariaLabel="Detalle de la atención"
      />
      {data && (
        <Flex vertical align="flex-end" gap={4}>
          <Flex gap={8} wrap>
            <Typography.Text type="secondary">Página:</Typography.Text>
            <Montos compacto totales={data.totalesPagina} />
          </Flex>
          <Flex gap={8} wrap>
            <Typography.Text type="secondary">Atención:</Typography.Text>
            <Montos compacto totales={data.totales} />
          </Flex>
        </Flex>
      )}
      {(abierto?.tipo === 'nuevo' || abierto?.tipo === 'editar') && (
        <DetalleModal
          open
          planilla={{ idPlanilla: p.idPlanilla, fechaDesde: p.fechaDesde, fechaHasta: p.fechaHasta, version }}
          detalle={abierto.tipo === 'editar' ? abierto.d : null}
          onClose={() => setAbierto(null)}
          onSaved={guardado}
        />
      )}
      {abierto?.tipo === 'aprobar' && (
        <AprobadoModal
          idPlanilla={p.idPlanilla}
          version={version}
          detalle={abierto.d}
          observacionesUrl={detalleObsPath(
            p.idTramite,
            p.estadoTramite,
            abierto.d.idPlanillaDet,
            'M',
            true,
            p.idPlanilla,
          )}
          onClose={() => setAbierto(null)}
          onSaved={guardado}
        />
      )}
      {abierto?.tipo === 'fecha' && (
        <FechaModal
          idPlanilla={p.idPlanilla}
          version={version}
          fechaDesde={p.fechaDesde}
          fechaHasta={p.fechaHasta}
          detalle={abierto.d}
          onClose={() => setAbierto(null)}
          onSaved={guardado}
        />
      )}
    </Flex>
  );
}
