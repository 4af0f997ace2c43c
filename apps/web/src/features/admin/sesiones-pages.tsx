import type { Page } from '@app/domain';
import { formatCount, MOTIVOS_FIN, MSG_ADMIN, todayIso } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, Card, Col, DatePicker, Empty, Row as GridRow, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { GraficoDiferido } from '../../components/grafico/grafico-diferido.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { adminApi, type Query, type Row } from './admin-api.ts';
import { dateTimeCol, textCol } from './components/columns.tsx';
import { DATE_FORMAT } from './components/fields.tsx';
import { INICIO, REPORTES } from './components/guards.tsx';
import { ResourceList } from './components/resource-list.tsx';

/** Lists of the session administration: search (Enter), a date range, both in the URL. */
function SesionList({
  title,
  fetch,
  columns,
  rowKey,
  emptyText,
  searchPlaceholder,
}: {
  title: string;
  fetch: (q: Query, signal?: AbortSignal) => Promise<Page<Row>>;
  columns: TableColumnsType<Row>;
  rowKey: string;
  emptyText?: string;
  searchPlaceholder: string;
}) {
  return (
    <ResourceList<Row>
      resource={`sesiones-${title}`}
      ariaLabel={title}
      title={title}
      breadcrumb={[INICIO, REPORTES, { title }]}
      fetch={fetch}
      columns={columns}
      rowKey={(r) => String(r[rowKey])}
      searchPlaceholder={searchPlaceholder}
      filterKeys={['desde', 'hasta']}
      filters={(set, values) => (
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          aria-label="Rango de fechas"
          placeholder={['Desde', 'Hasta']}
          value={[values.desde ? dayjs(values.desde) : null, values.hasta ? dayjs(values.hasta) : null]}
          allowEmpty={[true, true]}
          onChange={(r) => {
            set('desde', r?.[0]?.format('YYYY-MM-DD') ?? null);
            set('hasta', r?.[1]?.format('YYYY-MM-DD') ?? null);
          }}
        />
      )}
      emptyText={emptyText}
    />
  );
}

export function SesionPage() {
  return (
    <SesionList
      title="Sesiones"
      fetch={adminApi.sesiones.sesiones}
      rowKey="idSesion"
      searchPlaceholder="Buscar por usuario o IP..."
      emptyText={MSG_ADMIN.sesionesVacio}
      columns={[
        textCol('usuarioNombre', 'Usuario', true),
        dateTimeCol('fechaInicio', 'Inicio'),
        dateTimeCol('fechaFin', 'Fin'),
        {
          key: 'motivoFin',
          dataIndex: 'motivoFin',
          title: 'Motivo',
          render: (v: string | null, r: Row) =>
            r.activa ? <Tag color="green">ACTIVA</Tag> : v ? (MOTIVOS_FIN[v] ?? v) : '',
        },
        textCol('ip', 'IP', true),
        textCol('agente', 'Navegador', false, 260),
      ]}
    />
  );
}

export function SesionErrPage() {
  return (
    <SesionList
      title="Errores de Sesión"
      fetch={adminApi.sesiones.errores}
      rowKey="idSesionErr"
      searchPlaceholder="Buscar por usuario, IP o motivo..."
      emptyText="No hay ingresos fallidos ni errores en el período."
      columns={[
        dateTimeCol('fecha', 'Fecha'),
        textCol('usuario', 'Usuario', true),
        textCol('tipo', 'Tipo', true),
        textCol('motivo', 'Motivo'),
        textCol('ip', 'IP', true),
      ]}
    />
  );
}

export function AccesoSesionPage() {
  return (
    <SesionList
      title="Accesos por Sesión"
      fetch={adminApi.sesiones.accesos}
      rowKey="idAccesoSesion"
      searchPlaceholder="Buscar por usuario o ruta..."
      emptyText="No hay accesos en el período."
      columns={[
        dateTimeCol('fecha', 'Fecha'),
        textCol('usuarioNombre', 'Usuario', true),
        textCol('ruta', 'Ruta', true),
        textCol('idSesion', 'Sesión', false, 300),
      ]}
    />
  );
}

export function SandboxLogPage() {
  return (
    <SesionList
      title="Bitácora Sandbox"
      fetch={adminApi.sesiones.sandbox}
      rowKey="idSandboxLog"
      searchPlaceholder="Buscar por usuario, endpoint o mensaje..."
      emptyText={MSG_ADMIN.sandboxVacio}
      columns={[
        dateTimeCol('fecha', 'Fecha'),
        textCol('usuarioNombre', 'Usuario', true),
        textCol('endpoint', 'Endpoint', true),
        {
          key: 'estado',
          dataIndex: 'estado',
          title: 'Estado',
          sorter: true,
          render: (v: number) => <Tag color={v < 400 ? 'green' : 'red'}>{v}</Tag>,
        },
        textCol('mensaje', 'Mensaje', false, 300),
        textCol('idTramite', 'Trámite'),
      ]}
    />
  );
}

type Bar = { label: string; value: number; title: string };

const formatoSesiones = (v: number) => formatCount(v) || '0';

function ChartPage({
  title,
  question,
  picker,
  bars,
  xLabel,
  columns,
  rows,
  total,
  loading,
  error,
}: {
  title: string;
  question: string;
  picker: React.ReactNode;
  bars: Bar[];
  xLabel: string;
  columns: TableColumnsType<Row>;
  rows: Row[];
  total: number;
  loading: boolean;
  error: Error | null;
}) {
  return (
    <>
      <PageHeader title={title} breadcrumb={[INICIO, REPORTES, { title }]} extra={picker} />
      {error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} />}
      <GridRow gutter={16}>
        <Col xs={24} xl={15}>
          <Card variant="borderless" title={question} loading={loading}>
            {total === 0 ? (
              <Empty description={MSG_ADMIN.sesionesVacio} />
            ) : (
              <GraficoDiferido
                tipo="barras"
                categorias={bars.map((b) => b.label)}
                series={[{ nombre: 'Sesiones', datos: bars.map((b) => b.value) }]}
                ejeX={xLabel}
                ejeY="Sesiones"
                ariaLabel={question}
                formatoValor={formatoSesiones}
                enteros
                alto={320}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card variant="borderless" title="Datos del gráfico" loading={loading}>
            <Table<Row>
              size="small"
              pagination={false}
              rowKey={(r) => String(r.key)}
              columns={columns}
              dataSource={rows}
              scroll={{ y: 360 }}
              summary={() => (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>
                      <Typography.Text strong>Total</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      <Typography.Text strong>{formatCount(total)}</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} />
                  </Table.Summary.Row>
                </Table.Summary>
              )}
            />
          </Card>
        </Col>
      </GridRow>
    </>
  );
}

const numCol = (key: string, title: string) => ({
  key,
  dataIndex: key,
  title,
  align: 'right' as const,
  render: (v: number) => formatCount(v),
});

/** /sesionesmes — how many sessions were opened each month of a year. */
export function SesionesMesPage() {
  const [sp, setSp] = useSearchParams();
  const anio = Number(sp.get('anio')) || Number(todayIso().slice(0, 4));
  const q = useQuery({
    queryKey: ['admin', 'sesiones-mes', anio],
    queryFn: ({ signal }) => adminApi.sesiones.porMes(anio, signal),
  });
  const items = q.data?.items ?? [];
  return (
    <ChartPage
      title="Sesiones por Mes"
      question={`¿Cuántas sesiones se iniciaron cada mes de ${anio}?`}
      picker={
        <DatePicker
          picker="year"
          aria-label="Año"
          allowClear={false}
          value={dayjs(`${anio}-01-01`)}
          onChange={(d) => d && setSp({ anio: String(d.year()) })}
        />
      }
      bars={items.map((i) => ({ label: i.nombre.slice(0, 3), title: i.nombre, value: i.sesiones }))}
      xLabel="Mes"
      columns={[textCol('nombre', 'Mes'), numCol('sesiones', 'Sesiones'), numCol('usuarios', 'Usuarios')]}
      rows={items.map((i) => ({ key: i.mes, ...i }))}
      total={q.data?.total ?? 0}
      loading={q.isLoading}
      error={q.error}
    />
  );
}

/** /sesionesdia — how many sessions were opened each day of a month. */
export function SesionesDiaPage() {
  const [sp, setSp] = useSearchParams();
  const mes = /^\d{4}-\d{2}$/.test(sp.get('mes') ?? '') ? (sp.get('mes') as string) : todayIso().slice(0, 7);
  const q = useQuery({
    queryKey: ['admin', 'sesiones-dia', mes],
    queryFn: ({ signal }) => adminApi.sesiones.porDia(mes, signal),
  });
  const items = q.data?.items ?? [];
  const nombreMes = dayjs(`${mes}-01`).format('MMMM [de] YYYY');
  return (
    <ChartPage
      title="Sesiones por Día"
      question={`¿Cuántas sesiones se iniciaron cada día de ${nombreMes}?`}
      picker={
        <DatePicker
          picker="month"
          format="MM/YYYY"
          aria-label="Mes"
          allowClear={false}
          value={dayjs(`${mes}-01`)}
          onChange={(d) => d && setSp({ mes: d.format('YYYY-MM') })}
        />
      }
      bars={items.map((i) => ({
        label: String(i.dia),
        title: dayjs(i.fecha).format('DD/MM/YYYY'),
        value: i.sesiones,
      }))}
      xLabel="Día del mes"
      columns={[
        {
          key: 'fecha',
          dataIndex: 'fecha',
          title: 'Día',
          render: (v: string) => dayjs(v).format('DD/MM/YYYY'),
        },
        numCol('sesiones', 'Sesiones'),
        numCol('usuarios', 'Usuarios'),
      ]}
      rows={items.map((i) => ({ key: i.dia, ...i }))}
      total={q.data?.total ?? 0}
      loading={q.isLoading}
      error={q.error}
    />
  );
}
