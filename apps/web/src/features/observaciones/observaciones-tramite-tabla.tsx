import { formatCalendarDate } from '@app/domain/common/format';
import { MSG_OBSERVACION } from '@app/domain/observaciones/messages';
import { puedeResponder } from '@app/domain/observaciones/rules';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { tablaDeConsulta } from '../../components/use-paged-list.ts';
import { planillaPath } from '../tramites/tramite-rules.ts';
import { EstadoObservacion } from './estado-observacion.tsx';
import { type ObservacionTramiteItem, obsApi, obsKeys } from './observaciones-api.ts';
import { PAGE_SIZE_OBS, respuestaPath } from './observaciones-rules.ts';

export type FiltroTramite = {
  tipo?: 'M' | 'D';
  idCarga?: number;
  respondida?: 'si' | 'no';
  nivel?: 'PLANILLA' | 'DETALLE';
};

const dash = (v: string | null | undefined) => v || '—';

/**
 * The procedure's observations as the provider (and the insurer) read them: attention, line item,
 * observation, answer and where it stands; 'Responder' opens the answer screen while the provider
 * may answer (the domain's puedeResponder, the observation sent and its answers not yet sent back).
 */
export function ObservacionesTramiteTabla({
  tramite: t,
  idPerfil,
  filtro,
  page,
  onPage,
}: {
  tramite: { idTramite: number; estadoTramite: string };
  idPerfil: number;
  filtro: FiltroTramite;
  page: number;
  onPage: (p: number) => void;
}) {
  const navigate = useNavigate();
  const query = { ...filtro, page, pageSize: PAGE_SIZE_OBS };
  const list = useQuery({
    queryKey: obsKeys.tramite(t.idTramite, query),
    queryFn: ({ signal }) => obsApi.tramite(t.idTramite, query, signal),
    placeholderData: keepPreviousData,
  });
  const responde = puedeResponder({ idPerfil }, t);
  const abierta = (o: ObservacionTramiteItem) => responde && o.ronda !== null && !o.fechaEnvioRespuesta;

  const columns: TableColumnsType<ObservacionTramiteItem> = [
    {
      key: 'numero',
      title: 'Número',
      dataIndex: 'numero',
      width: 90,
      render: (v: string, o) => (
        <Link to={planillaPath(t.idTramite, t.estadoTramite, o.idPlanilla)}>{v}</Link>
      ),
    },
    { key: 'paciente', title: 'Paciente', render: (_: unknown, o) => `${o.nombre} (${o.cedula})` },
    {
      key: 'fecha',
      title: 'F. atención',
      dataIndex: 'fechaDesde',
      width: 100,
      render: (v: string) => formatCalendarDate(v),
    },
    ...(filtro.nivel === 'PLANILLA'
      ? []
      : [
          {
            key: 'detalle',
            title: 'Detalle',
            width: 160,
            render: (_: unknown, o: ObservacionTramiteItem) =>
              o.nivel === 'PLANILLA'
                ? 'Atención'
                : `${o.codigoDetalle ?? ''} ${o.descripcionDetalle ?? ''}`.trim(),
          },
        ]),
    { key: 'tipo', title: 'Tipo', dataIndex: 'tipo', width: 60 },
    { key: 'obs', title: 'Observación estándar', dataIndex: 'observacionEstandar' },
    {
      key: 'obsc',
      title: 'Observación complementaria',
      dataIndex: 'observacionComplementaria',
      render: dash,
    },
    { key: 'resp', title: 'Respuesta estándar', dataIndex: 'respuestaEstandar', render: dash },
    { key: 'respc', title: 'Respuesta complementaria', dataIndex: 'respuestaComplementaria', render: dash },
    { key: 'estado', title: 'Estado', width: 140, render: (_: unknown, o) => <EstadoObservacion item={o} /> },
    {
      key: 'opciones',
      title: 'Opciones',
      width: 110,
      render: (_: unknown, o) =>
        abierta(o) ? (
          <Button
            size="small"
            type={o.respondida ? 'default' : 'primary'}
            onClick={() => navigate(respuestaPath(o))}
          >
            {o.respondida ? 'Modificar' : 'Responder'}
          </Button>
        ) : (
          <Link to={respuestaPath(o)}>Ver</Link>
        ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <DataTable<ObservacionTramiteItem>
        errorFallback={MSG_PLANILLA.errorLista}
        ariaLabel="Observaciones del trámite"
        columns={columns}
        {...tablaDeConsulta(list, page, onPage)}
        rowKey={(o) => `${o.nivel}-${o.id}`}
        emptyText={MSG_OBSERVACION.sinObservaciones}
        onRowDoubleClick={(o) => navigate(respuestaPath(o))}
      />
    </Flex>
  );
}
