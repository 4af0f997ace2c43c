import { ExportOutlined } from '@ant-design/icons';
import { formatCalendarDate, formatCount } from '@app/domain/common/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { cargaRutas } from './carga-page-shell.tsx';
import { estadoCarga, formatFileSize } from './carga-rules.ts';
import { type Carga, cargaKeys, cargasApi, type Incidencia, type TipoIncidencia } from './cargas-api.ts';

/** 'Resumen' of a load (docs/spec-summary.md 000: IdCarga, Tamaño Archivo, Número Registros, dates, file name, observations). */
export function CargaResumenModal({ carga, onClose }: { carga: Carga | null; onClose: () => void }) {
  const estado = carga ? estadoCarga(carga) : null;
  return (
    <Modal
      open={carga !== null}
      title={carga ? `Resumen de la carga ${carga.idCarga}` : 'Resumen de la carga'}
      onCancel={onClose}
      footer={<PieModal to={carga && cargaRutas.detalle(carga.idTramite, carga.idCarga)} onClose={onClose} />}
      width={620}
    >
      {carga && (
        <Descriptions
          size="small"
          column={1}
          bordered
          styles={{ label: { width: 180 } }}
          items={[
            { key: 'idCarga', label: 'ID de carga', children: carga.idCarga },
            { key: 'tamanio', label: 'Tamaño Archivo', children: formatFileSize(carga.tamanioArchivo) },
            {
              key: 'registros',
              label: 'Número Registros',
              children: formatCount(carga.numeroRegistros) || '0',
            },
            { key: 'desde', label: 'Fecha Desde', children: formatCalendarDate(carga.fechaDesde) },
            { key: 'hasta', label: 'Fecha Hasta', children: formatCalendarDate(carga.fechaHasta) },
            {
              key: 'nombre',
              label: 'Nombre Archivo',
              children: <span style={{ wordBreak: 'break-all' }}>{carga.nombreArchivo}</span>,
            },
            {
              key: 'estado',
              label: 'Estado',
              children: estado && <Tag color={estado.color}>{estado.texto}</Tag>,
            },
            {
              key: 'obs',
              label: 'Observaciones',
              children: <span style={{ whiteSpace: 'pre-wrap' }}>{carga.obs ?? ''}</span>,
            },
          ]}
        />
      )}
    </Modal>
  );
}

/** A load modal's footer: 'Abrir como página' (the same view at its own address) and 'Cerrar'. */
function PieModal({ to, onClose }: { to: string | null; onClose: () => void }) {
  return (
    <>
      {to && (
        <Link to={to}>
          <Button icon={<ExportOutlined aria-hidden />}>Abrir como página</Button>
        </Link>
      )}
      <Button type="primary" onClick={onClose}>
        Cerrar
      </Button>
    </>
  );
}

export type IncidenciasTarget = { carga: Carga; tipo: TipoIncidencia };

/** Errors or novedades of a load, row by row (Fila, Columna, Valor, Motivo), 10 per page. */
export function CargaIncidenciasModal({
  target,
  onClose,
}: {
  target: IncidenciasTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={target !== null}
      title={
        target
          ? `${target.tipo === 'errores' ? 'Errores' : 'Novedades'} de la carga ${target.carga.idCarga}`
          : undefined
      }
      onCancel={onClose}
      footer={
        <PieModal
          to={target && cargaRutas[target.tipo](target.carga.idTramite, target.carga.idCarga)}
          onClose={onClose}
        />
      }
      width={960}
      destroyOnHidden
    >
      {target && <IncidenciasList key={`${target.carga.idCarga}-${target.tipo}`} target={target} />}
    </Modal>
  );
}

/**
 * The rows of a load's errors or novedades; the page of the load's own page keeps its page in the URL.
 * `scrollY`: the rows' own scroll height (the modal's 420 px); `0`, no scroll at all; `null`, the list's
 * usual horizontal scroll. `spinnerOnRefetch: false` keeps the rows without a spinner while another page
 * or a refetch loads over them (the supervisor's 'Novedades' tab).
 */
export function IncidenciasList({
  target,
  page: pageProp,
  onPageChange,
  scrollY = 420,
  spinnerOnRefetch = true,
}: {
  target: IncidenciasTarget;
  page?: number;
  onPageChange?: (page: number) => void;
  scrollY?: number | null;
  spinnerOnRefetch?: boolean;
}) {
  const [pageState, setPageState] = useState(1);
  const page = pageProp ?? pageState;
  const setPage = onPageChange ?? setPageState;
  const { carga, tipo } = target;
  const list = useQuery({
    queryKey: cargaKeys.incidencias(carga.idCarga, tipo, page),
    queryFn: ({ signal }) => cargasApi.incidencias(carga.idCarga, tipo, page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable<Incidencia>
      consulta={list}
      ariaLabel={tipo === 'errores' ? 'Errores de la carga' : 'Novedades de la carga'}
      columns={INCIDENCIA_COLUMNS}
      rows={list.data?.items ?? []}
      total={list.data?.total ?? 0}
      page={page}
      pageSize={10}
      loading={list.isFetching && (spinnerOnRefetch || !list.isRefetching)}
      onPageChange={setPage}
      rowKey={(r) => r.idCargaError ?? `${r.fila}-${r.columna ?? ''}-${r.mensaje}`}
      emptyText={tipo === 'errores' ? 'La carga no tiene errores.' : 'La carga no tiene novedades.'}
      tableProps={
        scrollY === null
          ? { tableLayout: 'fixed' }
          : { tableLayout: 'fixed', scroll: scrollY ? { y: scrollY } : undefined }
      }
    />
  );
}

const INCIDENCIA_COLUMNS: TableColumnsType<Incidencia> = [
  {
    key: 'fila',
    title: 'Fila',
    dataIndex: 'fila',
    width: 80,
    align: 'right',
    render: (v: number) => formatCount(v),
  },
  {
    key: 'columna',
    title: 'Columna',
    dataIndex: 'columna',
    width: 140,
    render: (v: string | null) => v ?? '',
  },
  {
    key: 'valor',
    title: 'Valor',
    dataIndex: 'valor',
    width: 180,
    ellipsis: { showTitle: true },
    render: (v: string | null) => v ?? '',
  },
  { key: 'mensaje', title: 'Motivo', dataIndex: 'mensaje' },
];
