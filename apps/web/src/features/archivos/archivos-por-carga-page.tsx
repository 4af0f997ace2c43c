import type { ArchivosCargaFila } from '@app/domain/archivos/schemas';
import { formatCount, formatDateTime } from '@app/domain/common/format';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { useQuery } from '@tanstack/react-query';
import { Flex, Progress, Table, type TableColumnsType, Typography } from 'antd';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { periodoTexto } from '../../components/periodo-select.tsx';
import { TramiteReportPage } from '../tramites/tramite-report-page.tsx';
import { archivoKeys, archivosApi } from './archivos-api.ts';
import { tamanoTexto } from './archivos-format.ts';

function ArchivosPorCarga({ idTramite }: { idTramite: number }) {
  const q = useQuery({
    queryKey: archivoKeys.porCarga(idTramite),
    queryFn: ({ signal }) => archivosApi.porCarga(idTramite, signal),
  });
  const items = q.data?.items ?? [];
  const columns: TableColumnsType<ArchivosCargaFila> = [
    { key: 'idCarga', title: 'Carga', dataIndex: 'idCarga', width: 80 },
    {
      key: 'periodo',
      title: 'Periodo',
      render: (_: unknown, c) => periodoTexto(c),
    },
    {
      key: 'atenciones',
      title: 'Atenciones',
      dataIndex: 'atenciones',
      align: 'right',
      width: 110,
      render: (v: number) => formatCount(v) || '0',
    },
    {
      key: 'conArchivos',
      title: 'Con archivos',
      width: 220,
      render: (_: unknown, c) => (
        <Flex gap={8} align="center">
          <Progress
            percent={c.atenciones ? Math.floor((c.conArchivos / c.atenciones) * 100) : 0}
            size="small"
            style={{ width: 100, margin: 0 }}
            aria-label={`Atenciones con archivos de la carga ${c.idCarga}`}
          />
          <span>
            {formatCount(c.conArchivos) || '0'} / {formatCount(c.atenciones) || '0'}
          </span>
        </Flex>
      ),
    },
    {
      key: 'archivos',
      title: 'Archivos',
      dataIndex: 'archivos',
      align: 'right',
      width: 100,
      render: (v: number) => formatCount(v) || '0',
    },
    {
      key: 'bytes',
      title: 'Tamaño',
      dataIndex: 'bytes',
      align: 'right',
      width: 110,
      render: (v: number) => tamanoTexto(v),
    },
    {
      key: 'ultimo',
      title: 'Última carga de archivos',
      dataIndex: 'ultimoArchivo',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v) : 'Sin archivos'),
    },
  ];
  const total = (k: 'atenciones' | 'conArchivos' | 'archivos' | 'bytes') =>
    items.reduce((a, c) => a + c[k], 0);
  return (
    <Flex vertical gap={12}>
      <ErrorRetry error={q.error} fallback={MSG_PLANILLA.errorLista} onRetry={() => void q.refetch()} />
      <Table<ArchivosCargaFila>
        aria-label="Archivos por carga"
        size="middle"
        columns={columns}
        dataSource={items}
        rowKey="idCarga"
        loading={q.isLoading}
        pagination={false}
        locale={{ emptyText: 'El trámite no tiene cargas con atenciones.' }}
        summary={() =>
          items.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <Typography.Text strong>Total</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {formatCount(total('atenciones')) || '0'}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3}>
                {formatCount(total('conArchivos')) || '0'} / {formatCount(total('atenciones')) || '0'}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {formatCount(total('archivos')) || '0'}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {tamanoTexto(total('bytes'))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </Flex>
  );
}

/** /archivo-carga/:idTramite — the supervisors' report 'ArchivoCarga': the supporting files of each load. */
export default function ArchivosPorCargaPage() {
  return (
    <TramiteReportPage title="Archivos por carga" supervision>
      {(idTramite) => <ArchivosPorCarga idTramite={idTramite} />}
    </TramiteReportPage>
  );
}
