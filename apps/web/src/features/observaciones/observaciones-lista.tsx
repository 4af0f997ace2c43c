import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG_OBSERVACION, TIPO_OBSERVACION_TEXTO } from '@app/domain/observaciones/messages';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Flex, Input, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { EstadoObservacion } from './estado-observacion.tsx';
import { ObservacionModal } from './observacion-modal.tsx';
import { nivelDe, type ObservacionItem, obsApi, obsKeys } from './observaciones-api.ts';
import { filtrarObservaciones, PAGE_SIZE_OBS, puedeModificar } from './observaciones-rules.ts';
import { columnasObservacion, columnasRespuesta } from './tabla-de-tramite.tsx';

type Feedback = ReturnType<typeof useFeedback>;

export type ObservacionesListaProps = {
  tipo: TipoRevision;
  items: readonly ObservacionItem[];
  loading: boolean;
  /** The process flag of this type is on and the state allows writing (the domain's predicate). */
  puede: boolean;
  idPlanilla?: number;
  idPlanillaDet?: number;
  /** Extra cell for the level column (a link to the line item's screen). */
  nivel?: (o: ObservacionItem) => ReactNode;
  feedback: Feedback;
};

/**
 * Observations of an attention or of a line item (docs/spec-summary.md 001 §2.7): text filter, page size 10, create
 * and delete only with the process flag on, edit in a modal, answers read-only.
 */
export function ObservacionesLista({
  tipo,
  items,
  loading,
  puede,
  idPlanilla,
  idPlanillaDet,
  nivel,
  feedback,
}: ObservacionesListaProps) {
  const qc = useQueryClient();
  const [texto, setTexto] = useState('');
  const [filtro, setFiltro] = useState('');
  const [page, setPage] = useState(1);
  const [modal, setModal] = useState<{ item: ObservacionItem | null } | null>(null);
  const filas = useMemo(() => filtrarObservaciones(items, filtro), [items, filtro]);
  const visibles = filas.slice((page - 1) * PAGE_SIZE_OBS, page * PAGE_SIZE_OBS);

  const eliminar = useMutation({
    mutationFn: (o: ObservacionItem) => obsApi.eliminar(nivelDe(o), o.id, o.version, tipo),
    onSuccess: (r) => feedback.success(r.mensaje),
    onError: (e: Error) => feedback.errorDialog(MSG_OBSERVACION.noSePudoEliminar, e.message),
    onSettled: () => void qc.invalidateQueries({ queryKey: obsKeys.all }),
  });

  /** Only the process that wrote it, and only while not sent (the API checks the same). */
  function intentar(o: ObservacionItem, accion: () => void) {
    const motivo = puedeModificar(o, tipo);
    if (motivo) feedback.errorDialog(MSG_OBSERVACION.errorGuardar, motivo);
    else accion();
  }

  function confirmarEliminar(o: ObservacionItem) {
    feedback.modal.confirm({
      title: '¿Eliminar la observación?',
      content: `Se eliminará "${o.observacionEstandar}"${o.observacionComplementaria ? ` — ${o.observacionComplementaria}` : ''}.`,
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => eliminar.mutateAsync(o).catch(() => undefined),
    });
  }

  const columns: TableColumnsType<ObservacionItem> = [
    ...(nivel
      ? [{ key: 'nivel', title: 'Nivel', width: 150, render: (_: unknown, o: ObservacionItem) => nivel(o) }]
      : []),
    {
      key: 'tipo',
      title: 'Tipo',
      dataIndex: 'tipo',
      width: 70,
      render: (v: string) => <span title={TIPO_OBSERVACION_TEXTO[v as TipoRevision]}>{v}</span>,
    },
    ...columnasObservacion<ObservacionItem>(),
    ...columnasRespuesta<ObservacionItem>(),
    { key: 'estado', title: 'Estado', width: 130, render: (_: unknown, o) => <EstadoObservacion item={o} /> },
  ];
  if (puede)
    columns.push({
      key: 'opciones',
      title: 'Opciones',
      width: 110,
      render: (_: unknown, o) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'editar', label: 'Editar' },
              { key: 'eliminar', label: 'Eliminar', danger: true },
            ],
            onClick: ({ key }) =>
              intentar(o, () => (key === 'editar' ? setModal({ item: o }) : confirmarEliminar(o))),
          }}
        >
          <Button size="small" aria-label={`Opciones de la observación ${o.observacionEstandar}`}>
            Opciones <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      ),
    });

  const buscar = () => {
    setFiltro(texto.trim());
    setPage(1);
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap justify="space-between">
        <Flex gap={8} align="center" wrap>
          <Input.Search
            aria-label="Filtrar observaciones"
            placeholder="Filtrar por observación o respuesta"
            allowClear
            value={texto}
            style={{ width: 320 }}
            onChange={(e) => {
              setTexto(e.target.value);
              if (!e.target.value) setFiltro('');
            }}
            onSearch={buscar}
            enterButton="Buscar"
          />
          {filtro && (
            <Typography.Link
              onClick={() => {
                setTexto('');
                setFiltro('');
              }}
            >
              Limpiar filtros
            </Typography.Link>
          )}
        </Flex>
        {puede && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setModal({ item: null })}>
            Nueva observación
          </Button>
        )}
      </Flex>
      <DataTable<ObservacionItem>
        ariaLabel={`Observaciones de ${TIPO_OBSERVACION_TEXTO[tipo]}`}
        columns={columns}
        rows={visibles}
        total={filas.length}
        page={page}
        onPageChange={setPage}
        loading={loading || eliminar.isPending}
        rowKey={(o) => `${o.nivel}-${o.id}`}
        emptyText={MSG_OBSERVACION.sinObservaciones}
        onRowDoubleClick={puede ? (o) => intentar(o, () => setModal({ item: o })) : undefined}
      />
      <ObservacionModal
        open={modal !== null}
        tipo={tipo}
        item={modal?.item}
        idPlanilla={idPlanilla}
        idPlanillaDet={idPlanillaDet}
        feedback={feedback}
        onClose={() => setModal(null)}
      />
    </Flex>
  );
}
