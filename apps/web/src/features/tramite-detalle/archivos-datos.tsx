import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { COLUMNAS_DATOS, ETIQUETA_COLUMNA } from '@app/domain/cargas/columns';
import { formatCount } from '@app/domain/common/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, type TableColumnsType, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { downloadFile } from '../../components/download.ts';
import { useFeedback } from '../../components/use-feedback.tsx';
import { useListParams } from '../../components/use-list-params.ts';
import { DESCARGAS_DATOS, type DescargaDatos, vistaFilas } from '../cargas/carga-rules.ts';
import { type FilaDatos, tramiteKeys, tramitesApi } from '../tramites/tramites-api.ts';

const PAGE_SIZE = 10;

/** 'Archivos de datos': the claim rows as received (all, or the ones with novedades) and their downloads. */
export default function ArchivosDatos({ idTramite }: { idTramite: number }) {
  const feedback = useFeedback();
  const params = useListParams({ namespace: 'filas', filterKeys: ['vista'] });
  const vista = vistaFilas(params.filters.vista);
  const list = useQuery({
    queryKey: tramiteKeys.filas(idTramite, vista, params.page),
    queryFn: ({ signal }) => tramitesApi.filas(idTramite, vista, params.page, signal),
    placeholderData: keepPreviousData,
  });
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(d: DescargaDatos) {
    if (downloading) return;
    setDownloading(d.key);
    try {
      await downloadFile(
        `/tramites/${idTramite}/archivos-datos/${d.path}`,
        d.fileName(idTramite),
        d.formato ? { formato: d.formato } : undefined,
      );
    } catch (e) {
      feedback.errorDialog('Error al descargar el archivo', (e as Error).message);
    } finally {
      setDownloading(null);
    }
  }

  const columns: TableColumnsType<FilaDatos> = [
    {
      key: 'fila',
      title: 'Fila',
      dataIndex: 'fila',
      width: 70,
      align: 'right',
      fixed: 'left',
      render: (v: number) => formatCount(v),
    },
    ...(vista === 'novedades'
      ? [
          {
            key: 'novedades',
            title: 'Novedades',
            width: 360,
            render: (_: unknown, f: FilaDatos) => (
              <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                {(f.novedades ?? []).map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            ),
          },
        ]
      : []),
    ...COLUMNAS_DATOS.map((c) => ({
      key: c,
      dataIndex: c,
      title: (
        <Tooltip title={ETIQUETA_COLUMNA[c]}>
          <span>{c}</span>
        </Tooltip>
      ),
      ellipsis: c === 'nombre' || c === 'nombreMedIns' ? { showTitle: true } : undefined,
      width: c === 'nombre' || c === 'nombreMedIns' ? 220 : undefined,
      render: (v: string | null) => v ?? '',
    })),
    {
      key: 'marcas',
      title: 'Validación',
      width: 130,
      fixed: 'right',
      render: (_: unknown, f: FilaDatos) => (
        <Flex gap={4}>
          {f.tieneError && <Tag color="red">Error</Tag>}
          {f.tieneNovedad && <Tag color="gold">Novedad</Tag>}
          {!f.tieneError && !f.tieneNovedad && <Typography.Text type="secondary">Válida</Typography.Text>}
        </Flex>
      ),
    },
  ];

  const descargas = (
    <Flex gap={8} wrap role="group" aria-label="Descargas del archivo de datos">
      {DESCARGAS_DATOS.map((d) => (
        <Button
          key={d.key}
          icon={d.formato === 'xlsx' ? <FileExcelOutlined aria-hidden /> : <DownloadOutlined aria-hidden />}
          loading={downloading === d.key}
          disabled={downloading !== null && downloading !== d.key}
          onClick={() => void download(d)}
        >
          {d.label}
        </Button>
      ))}
    </Flex>
  );

  return (
    <>
      {feedback.contextHolder}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 4 }}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          Archivos de datos
        </Typography.Title>
        {descargas}
      </Flex>
      <Tabs
        activeKey={vista}
        onChange={(k) => params.setFilter('vista', k === 'todos' ? null : k)}
        items={[
          { key: 'todos', label: 'Todos' },
          { key: 'novedades', label: 'Novedades' },
        ]}
      />
      <DataTable<FilaDatos>
        consulta={list}
        ariaLabel={vista === 'todos' ? 'Filas del archivo de datos' : 'Filas con novedades'}
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={params.page}
        pageSize={PAGE_SIZE}
        loading={list.isFetching}
        onPageChange={params.setPage}
        rowKey={(f) => `${f.idCarga}-${f.fila}`}
        emptyText={
          vista === 'todos' ? 'No hay filas cargadas en este trámite.' : 'No hay filas con novedades.'
        }
      />
    </>
  );
}
