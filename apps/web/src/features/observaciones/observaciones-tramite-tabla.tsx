import { formatCalendarDate } from '@app/domain/common/format';
import { puedeResponder } from '@app/domain/observaciones/rules';
import { Button, Flex, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { EstadoObservacion } from './estado-observacion.tsx';
import type { ObservacionTramiteItem } from './observaciones-api.ts';
import { respuestaPath } from './observaciones-rules.ts';
import {
  columnaNumero,
  columnasObservacion,
  columnasRespuesta,
  useObservacionesDeTramite,
} from './tabla-de-tramite.tsx';

export type FiltroTramite = {
  tipo?: 'M' | 'D';
  idCarga?: number;
  respondida?: 'si' | 'no';
  nivel?: 'PLANILLA' | 'DETALLE';
};

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
  const table = useObservacionesDeTramite(t.idTramite, filtro, page, onPage);
  const responde = puedeResponder({ idPerfil }, t);
  const abierta = (o: ObservacionTramiteItem) => responde && o.ronda !== null && !o.fechaEnvioRespuesta;

  const columns: TableColumnsType<ObservacionTramiteItem> = [
    columnaNumero(t),
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
    ...columnasObservacion<ObservacionTramiteItem>(),
    ...columnasRespuesta<ObservacionTramiteItem>(),
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
        ariaLabel="Observaciones del trámite"
        columns={columns}
        {...table}
        onRowDoubleClick={(o) => navigate(respuestaPath(o))}
      />
    </Flex>
  );
}
