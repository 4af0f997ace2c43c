import { DownOutlined } from '@ant-design/icons';
import { MSG_OBSERVACION } from '@app/domain/observaciones/messages';
import {
  ESTADOS_RESOLUCION,
  perfilesObservacion,
  RESOLUCION_TEXTO,
  RESOLUCIONES,
  type Resolucion,
} from '@app/domain/observaciones/rules';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import type { EstadoTramite } from '@app/domain/tramites/workflow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { EstadoObservacion } from './estado-observacion.tsx';
import { nivelDe, type ObservacionTramiteItem, obsApi, obsKeys } from './observaciones-api.ts';
import { ReducirGlosaModal } from './reducir-glosa-modal.tsx';
import { columnaNumero, columnasObservacion, dash, useObservacionesDeTramite } from './tabla-de-tramite.tsx';

type Feedback = ReturnType<typeof useFeedback>;
export type FiltroRevision = {
  tipo: TipoRevision;
  idCarga: number;
  respondida?: 'si' | 'no';
  porResolver?: 'si' | 'no';
};

const respuesta = (o: ObservacionTramiteItem) =>
  [o.respuestaEstandar, o.respuestaComplementaria].filter(Boolean).join(' — ') || '—';

/** Whether this user decides on this answer now (state, profile of the type, answer sent back, undecided). */
export const puedeDecidir = (o: ObservacionTramiteItem, estado: string, idPerfil: number) =>
  ESTADOS_RESOLUCION.includes(estado as EstadoTramite) &&
  perfilesObservacion(o.tipo).includes(idPerfil) &&
  o.respondida &&
  !!o.fechaEnvioRespuesta &&
  o.resolucion === null;

/** The rows of the pending-observations review (the spec's columns) with the auditor's decision. */
export function RevisionTabla({
  tramite: t,
  idPerfil,
  filtro,
  page,
  onPage,
  feedback,
}: {
  tramite: { idTramite: number; estadoTramite: string };
  idPerfil: number;
  filtro: FiltroRevision;
  page: number;
  onPage: (p: number) => void;
  feedback: Feedback;
}) {
  const qc = useQueryClient();
  const [reducir, setReducir] = useState<ObservacionTramiteItem | null>(null);
  const table = useObservacionesDeTramite(t.idTramite, filtro, page, onPage);
  const decidir = useMutation({
    mutationFn: ({
      o,
      resolucion,
      valorAprobado,
    }: {
      o: ObservacionTramiteItem;
      resolucion: Resolucion;
      valorAprobado?: string;
    }) =>
      obsApi.resolver(nivelDe(o), o.id, {
        tipo: o.tipo,
        resolucion,
        valorAprobado,
        version: o.version,
      }),
    onSuccess: (r) => {
      feedback.success(r.mensaje);
      setReducir(null);
    },
    onError: (e: Error) => feedback.errorDialog(MSG_OBSERVACION.errorGuardar, e.message),
    onSettled: () => void qc.invalidateQueries({ queryKey: obsKeys.all }),
  });

  function confirmar(o: ObservacionTramiteItem, resolucion: Resolucion) {
    // A line item's glosa is reduced to a new approved amount, asked in its own window.
    if (resolucion === 'REDUCE' && o.nivel === 'DETALLE') {
      setReducir(o);
      return;
    }
    feedback.modal.confirm({
      title: `${RESOLUCION_TEXTO[resolucion]}?`,
      content: `Atención ${o.numero}: "${o.observacionEstandar}". Respuesta: ${respuesta(o)}.`,
      okText: 'Registrar decisión',
      cancelText: 'Cancelar',
      onOk: () => decidir.mutateAsync({ o, resolucion }).catch(() => undefined),
    });
  }

  const columns: TableColumnsType<ObservacionTramiteItem> = [
    columnaNumero(t),
    {
      key: 'codigo',
      title: 'Código elemento',
      width: 120,
      render: (_: unknown, o) => dash(o.elementoCodigo ?? o.codigoDetalle),
    },
    ...columnasObservacion<ObservacionTramiteItem>(),
    { key: 'resp', title: 'Respuesta', render: (_: unknown, o) => respuesta(o) },
    { key: 'nivel', title: 'Nivel', dataIndex: 'nivel', width: 90 },
    { key: 'idRegistro', title: 'ID registro', dataIndex: 'id', width: 90 },
    { key: 'idPlanilla', title: 'ID planilla', dataIndex: 'idPlanilla', width: 90 },
    { key: 'estado', title: 'Estado', width: 160, render: (_: unknown, o) => <EstadoObservacion item={o} /> },
    {
      key: 'opciones',
      title: 'Opciones',
      width: 120,
      render: (_: unknown, o) =>
        puedeDecidir(o, t.estadoTramite, idPerfil) ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: RESOLUCIONES.map((r) => ({ key: r, label: RESOLUCION_TEXTO[r] })),
              onClick: ({ key }) => confirmar(o, key as Resolucion),
            }}
          >
            <Button size="small" aria-label={`Decidir la respuesta de la atención ${o.numero}`}>
              Decidir <DownOutlined aria-hidden />
            </Button>
          </Dropdown>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={12}>
      <DataTable<ObservacionTramiteItem> ariaLabel="Revisión de observaciones" columns={columns} {...table} />
      <ReducirGlosaModal
        item={reducir}
        pending={decidir.isPending}
        onCancel={() => setReducir(null)}
        onOk={(valorAprobado) =>
          reducir && decidir.mutate({ o: reducir, resolucion: 'REDUCE', valorAprobado })
        }
      />
    </Flex>
  );
}
