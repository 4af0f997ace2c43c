import { FilePdfOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { formatDateTime } from '@app/domain/common/format';
import { MSG } from '@app/domain/messages';
import { Button, Descriptions, Input, Modal, Select, type TableColumnsType } from 'antd';
import { type MouseEvent, useEffect, useState } from 'react';
import { BarraFiltros } from '../../components/barra-filtros.tsx';
import { PAGE_SIZE } from '../../components/data-table.ts';
import { DataTable } from '../../components/data-table.tsx';
import { openPdf } from '../../components/download.ts';
import { useFeedback } from '../../components/use-feedback.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { BITACORA_OPCIONES, esTipoBitacora } from './tramite-rules.ts';
import { type BitacoraEntry, type BitacoraQuery, tramiteKeys, tramitesApi } from './tramites-api.ts';

export type BitacoraViewerProps = {
  idTramite: number;
  /** URL prefix of the filters when the viewer shares a page with other lists (a tab). */
  namespace?: string;
};

/** The procedure log (docs/spec-summary.md 002): text search, type filter, all records, PDF, read-only detail. */
export default function BitacoraViewer({ idTramite, namespace }: BitacoraViewerProps) {
  const feedback = useFeedback();
  const list = usePagedList({
    namespace,
    filterKeys: ['tipo'],
    request: ({ q, filters, page }): BitacoraQuery => ({
      q: q || undefined,
      tipo: esTipoBitacora(filters.tipo) ? filters.tipo : undefined,
      page,
      pageSize: PAGE_SIZE,
    }),
    queryKey: (query) => tramiteKeys.bitacora(idTramite, query),
    queryFn: (query, signal) => tramitesApi.bitacora(idTramite, query, signal),
    pageSize: PAGE_SIZE,
  });
  const { params } = list;
  const { tipo } = list.request;

  const [text, setText] = useState(params.q);
  useEffect(() => setText(params.q), [params.q]);
  const [detalle, setDetalle] = useState<BitacoraEntry | null>(null);
  const [pdfLoading, setPdfLoading] = useState(false);

  function search(value: string) {
    const q = value.trim();
    if (!q) return; // an empty search is ignored (docs/spec-summary.md 002)
    if (q === params.q) void list.query.refetch();
    else params.setQ(q);
  }

  function all() {
    setText('');
    params.clear();
    void list.query.refetch();
  }

  async function pdf() {
    if (pdfLoading) return;
    setPdfLoading(true);
    try {
      await openPdf(`/tramites/${idTramite}/bitacora/pdf`, { q: params.q || undefined, tipo });
    } catch (e) {
      feedback.errorDialog('No se pudo generar el PDF de la bitácora.', (e as Error).message);
    } finally {
      setPdfLoading(false);
    }
  }

  const rows = list.table.rows;
  function openFromClick(e: MouseEvent<HTMLDivElement>) {
    const key = (e.target as HTMLElement).closest('tr[data-row-key]')?.getAttribute('data-row-key');
    const row = key ? rows.find((r) => String(r.idBitacoraTra) === key) : undefined;
    if (row) setDetalle(row);
  }

  const columns: TableColumnsType<BitacoraEntry> = [
    {
      key: 'fechaReg',
      title: 'Fecha de registro',
      dataIndex: 'fechaReg',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
    { key: 'tipo', title: 'Tipo', dataIndex: 'tipo', width: 200 },
    { key: 'observacion', title: 'Observación', dataIndex: 'observacion', ellipsis: { showTitle: true } },
    { key: 'usuario', title: 'Usuario', dataIndex: 'usuarioNombre', width: 220, ellipsis: true },
  ];

  return (
    <>
      {feedback.contextHolder}
      <BarraFiltros ariaLabel="Filtros de bitácora">
        <Input.Search
          aria-label="Buscar en la descripción"
          placeholder="Buscar en la descripción..."
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={search}
          enterButton={<Button type="primary" icon={<SearchOutlined aria-hidden />} aria-label="Buscar" />}
          maxLength={200}
          style={{ width: 320 }}
        />
        <Select
          aria-label="Tipo"
          placeholder="ESTADO"
          allowClear
          value={tipo}
          onChange={(v?: string) => params.setFilter('tipo', v)}
          options={BITACORA_OPCIONES.map((o) => ({ value: o.value, label: o.label }))}
          style={{ width: 280 }}
          popupMatchSelectWidth={false}
        />
        <Button icon={<ReloadOutlined aria-hidden />} onClick={all}>
          Todos los registros
        </Button>
        <Button icon={<FilePdfOutlined aria-hidden />} onClick={() => void pdf()} loading={pdfLoading}>
          Generar PDF
        </Button>
      </BarraFiltros>
      {/* A click anywhere on a row opens its detail; double-click and Enter come with DataTable. */}
      <div onClick={openFromClick}>
        <DataTable<BitacoraEntry>
          ariaLabel="Bitácora del trámite"
          columns={columns}
          {...list.table}
          rowKey="idBitacoraTra"
          onRowDoubleClick={setDetalle}
          emptyText={params.q || tipo ? MSG.sinDatos : MSG.listaVacia}
        />
      </div>
      <Modal
        open={detalle !== null}
        title="Detalle Bitácora"
        onCancel={() => setDetalle(null)}
        footer={
          <Button type="primary" onClick={() => setDetalle(null)}>
            Cerrar
          </Button>
        }
        width={620}
      >
        {detalle && (
          <Descriptions
            size="small"
            column={1}
            bordered
            styles={{ label: { width: 170 } }}
            items={[
              { key: 'numero', label: 'Número', children: detalle.idBitacoraTra },
              { key: 'fecha', label: 'Fecha de registro', children: formatDateTime(detalle.fechaReg) },
              { key: 'tipo', label: 'Tipo', children: detalle.tipo },
              {
                key: 'observacion',
                label: 'Observación',
                children: <span style={{ whiteSpace: 'pre-wrap' }}>{detalle.observacion}</span>,
              },
              { key: 'usuario', label: 'Usuario', children: detalle.usuarioNombre },
            ]}
          />
        )}
      </Modal>
    </>
  );
}
