import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import {
  ESTADOS_TRAMITE,
  type FilaEstadistica,
  MSG_ESTADISTICAS,
  PERFILES_ESTADISTICAS,
  REPORTES_ESTADISTICOS,
  type ReporteEstadistico,
  type ReporteEstadisticoId,
  type RespuestaEstadistica,
} from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Row,
  Segmented,
  Select,
  Table,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { ForbiddenPage } from '../../app/errors/error-pages.tsx';
import { downloadFile } from '../../components/download.ts';
import { GraficoDiferido } from '../../components/grafico/grafico-diferido.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useListParams } from '../../components/use-list-params.ts';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/use-session.ts';
import { usePrestadores, useServicios } from '../tramites/use-catalogos.ts';
import { datosGrafico, textoCelda } from './grafico-datos.ts';

const INICIO = { title: 'Inicio', href: '/MenuPrincipal' };
const REPORTES = { title: 'Reportes' };

/** Any report page of spec 001 §2.5 (decision 66), drawn from its declaration. */
export default function EstadisticaPage({ id }: { id: ReporteEstadisticoId }) {
  const session = useSession();
  if (!PERFILES_ESTADISTICAS.includes(session?.usuario.idPerfil ?? 0)) return <ForbiddenPage />;
  return <Reporte key={id} reporte={REPORTES_ESTADISTICOS[id]} />;
}

function Reporte({ reporte }: { reporte: ReporteEstadistico }) {
  const params = useListParams({ filterKeys: reporte.filtros });
  const f = params.filters;
  const query = useMemo(() => ({ ...f }), [f]);
  const datos = useQuery({
    queryKey: ['estadisticas', reporte.id, query],
    queryFn: ({ signal }) => api<RespuestaEstadistica>(`/estadisticas/${reporte.id}`, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const [exportando, setExportando] = useState<'csv' | 'xlsx' | null>(null);
  const [errorExport, setErrorExport] = useState<string | null>(null);

  async function exportar(formato: 'csv' | 'xlsx') {
    setExportando(formato);
    setErrorExport(null);
    try {
      await downloadFile(`/estadisticas/${reporte.id}/exportar`, `${reporte.id}.${formato}`, {
        ...query,
        formato,
      });
    } catch (e) {
      setErrorExport((e as Error).message || MSG_ESTADISTICAS.errorExportar);
    } finally {
      setExportando(null);
    }
  }

  const filas = datos.data?.filas ?? [];
  const sinDatos = !datos.isLoading && filas.length === 0;
  const g = reporte.grafico;
  const grafico = useMemo(() => datosGrafico(reporte, datos.data?.grafico ?? []), [reporte, datos.data]);

  const columnas: TableColumnsType<FilaEstadistica> = reporte.columnas.map((c) => {
    const numerica = c.tipo !== 'texto' && c.tipo !== 'estado' && c.tipo !== 'mes' && c.tipo !== 'fecha';
    return {
      key: c.clave,
      dataIndex: c.clave,
      title: c.titulo,
      align: numerica ? ('right' as const) : undefined,
      sorter: (a: FilaEstadistica, b: FilaEstadistica) => {
        const x = a[c.clave];
        const y = b[c.clave];
        return numerica
          ? Number(x ?? 0) - Number(y ?? 0)
          : String(x ?? '').localeCompare(String(y ?? ''), 'es');
      },
      render: (v: string | number | null) =>
        c.tipo === 'estado' && typeof v === 'string' ? <StateTag state={v} /> : textoCelda(c.tipo, v),
    };
  });

  return (
    <>
      <PageHeader
        title={reporte.titulo}
        breadcrumb={[INICIO, REPORTES, { title: reporte.titulo }]}
        extra={
          <Flex gap={8}>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={exportando === 'csv'}
              disabled={exportando !== null || sinDatos}
              onClick={() => void exportar('csv')}
            >
              Exportar CSV
            </Button>
            <Button
              icon={<FileExcelOutlined aria-hidden />}
              loading={exportando === 'xlsx'}
              disabled={exportando !== null || sinDatos}
              onClick={() => void exportar('xlsx')}
            >
              Exportar Excel
            </Button>
          </Flex>
        }
      />
      <Typography.Paragraph type="secondary">{reporte.descripcion}</Typography.Paragraph>
      <Filtros reporte={reporte} params={params} />
      {(datos.error || errorExport) && (
        <Alert
          type="error"
          showIcon
          title={errorExport ?? (datos.error as Error).message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={13}>
          <Card variant="borderless" title={g.pregunta} loading={datos.isLoading}>
            {sinDatos ? (
              <Empty description={MSG_ESTADISTICAS.sinDatos} />
            ) : (
              <GraficoDiferido
                tipo={g.tipo}
                categorias={grafico.categorias}
                series={grafico.series}
                ejeX={g.ejeX}
                ejeY={g.ejeY}
                ariaLabel={g.pregunta}
                formatoValor={grafico.formatoValor}
                enteros={grafico.enteros}
                alto={
                  g.tipo === 'barras-horizontales' ? Math.max(280, 36 * grafico.categorias.length + 96) : 360
                }
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xxl={11}>
          <Card variant="borderless" title="Datos del gráfico" styles={{ body: { paddingTop: 0 } }}>
            <Table<FilaEstadistica>
              aria-label={`Tabla: ${reporte.titulo}`}
              size="small"
              rowKey={(r) => reporte.columnas.map((c) => String(r[c.clave] ?? '')).join('|')}
              columns={columnas}
              dataSource={filas}
              loading={datos.isFetching}
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
              locale={{ emptyText: MSG_ESTADISTICAS.sinDatos }}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}

const DIA = 'DD/MM/YYYY';
const MES = 'MM/YYYY';

/** The filter bar: every filter the report declares, in the URL; 'Limpiar filtros' clears them. */
function Filtros({
  reporte,
  params,
}: {
  reporte: ReporteEstadistico;
  params: ReturnType<typeof useListParams>;
}) {
  const f = params.filters;
  const tiene = (k: string) => reporte.filtros.includes(k as never);
  const prestadores = usePrestadores();
  const servicios = useServicios();
  const porMes = reporte.periodo === 'mes';
  const hayFiltros = Object.keys(f).length > 0;
  return (
    <Flex
      wrap
      gap={8}
      align="center"
      role="search"
      aria-label="Filtros del reporte"
      style={{ marginBottom: 16 }}
    >
      {tiene('por') && (
        <Segmented
          aria-label="Agrupar por"
          value={f.por ?? 'especialidad'}
          options={[
            { value: 'especialidad', label: 'Por especialidad' },
            { value: 'diagnostico', label: 'Por diagnóstico' },
          ]}
          onChange={(v) => params.setFilter('por', v === 'especialidad' ? null : String(v))}
        />
      )}
      <DatePicker.RangePicker
        picker={porMes ? 'month' : 'date'}
        format={porMes ? MES : DIA}
        aria-label={`Rango de fechas (${reporte.periodoDe})`}
        placeholder={porMes ? ['Mes desde', 'Mes hasta'] : ['Desde', 'Hasta']}
        allowEmpty={[true, true]}
        value={[f.desde ? dayjs(f.desde) : null, f.hasta ? dayjs(f.hasta) : null]}
        onChange={(r) =>
          params.update({
            filters: {
              desde: r?.[0] ? (porMes ? r[0].startOf('month') : r[0]).format('YYYY-MM-DD') : null,
              hasta: r?.[1] ? (porMes ? r[1].endOf('month') : r[1]).format('YYYY-MM-DD') : null,
            },
          })
        }
      />
      {tiene('idPrestador') && (
        <Select
          aria-label="Prestador"
          placeholder="Prestador"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 220 }}
          loading={prestadores.isLoading}
          value={f.idPrestador ? Number(f.idPrestador) : undefined}
          options={(prestadores.data ?? []).map((p) => ({ value: p.idPrestador, label: p.nombreComercial }))}
          onChange={(v) => params.setFilter('idPrestador', v ?? null)}
        />
      )}
      {tiene('idServicio') && (
        <Select
          aria-label="Servicio"
          placeholder="Servicio"
          allowClear
          style={{ minWidth: 160 }}
          loading={servicios.isLoading}
          value={f.idServicio ? Number(f.idServicio) : undefined}
          options={(servicios.data?.items ?? []).map((s) => ({ value: s.idServicio, label: s.nombre }))}
          onChange={(v) => params.setFilter('idServicio', v ?? null)}
        />
      )}
      {tiene('estado') && (
        <Select
          aria-label="Estado del trámite"
          placeholder="Estado del trámite"
          allowClear
          style={{ minWidth: 180 }}
          value={f.estado}
          options={ESTADOS_TRAMITE.map((e) => ({ value: e, label: e }))}
          onChange={(v) => params.setFilter('estado', v ?? null)}
        />
      )}
      {hayFiltros && (
        <Button type="link" onClick={params.clear}>
          Limpiar filtros
        </Button>
      )}
      <Typography.Text type="secondary">Las fechas filtran por {reporte.periodoDe}.</Typography.Text>
    </Flex>
  );
}
