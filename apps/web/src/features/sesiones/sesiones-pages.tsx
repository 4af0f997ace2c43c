import { MOTIVOS_FIN, MSG_ADMIN, type Page, todayIso } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import type { Key } from 'react';
import { useSearchParams } from 'react-router';
import { DATE_INPUT_FORMAT } from '../../components/catalog/catalog-values.ts';
import { dateTimeCol, textCol } from '../../components/columns.tsx';
import { INICIO, REPORTES } from '../../components/page-header.tsx';
import { type ListQuery, ResourceList } from '../../components/resource-list.tsx';
import {
  type AccesoSesion,
  type SandboxLog,
  type Sesion,
  type SesionErr,
  sesionesApi,
  sesionesKeys,
} from './sesiones-api.ts';
import { GraficoSesiones, numCol } from './sesiones-grafico.tsx';

/*
 * Session administration (profile 1; decisions 94 and 98): four read-only lists on the shared
 * `ResourceList` (search with Enter, a date range, both in the URL) and two charts.
 */

type SesionListProps<T extends object> = {
  title: string;
  fetch: (q: ListQuery, signal?: AbortSignal) => Promise<Page<T>>;
  columns: TableColumnsType<T>;
  rowKey: (row: T) => Key;
  emptyText: string;
  searchPlaceholder: string;
};

/** One of the four lists: its page, under Reportes, with the search and the date range. */
function sesionList<T extends object>({ title, ...p }: SesionListProps<T>) {
  return function SesionList() {
    return (
      <ResourceList<T>
        {...p}
        cacheKey={sesionesKeys.lista(title)}
        ariaLabel={title}
        title={title}
        breadcrumb={[INICIO, REPORTES, { title }]}
        filterKeys={['desde', 'hasta']}
        filters={(set, values) => (
          <DatePicker.RangePicker
            format={DATE_INPUT_FORMAT}
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
      />
    );
  };
}

export const SesionPage = sesionList<Sesion>({
  title: 'Sesiones',
  fetch: sesionesApi.sesiones,
  rowKey: (r) => r.idSesion,
  searchPlaceholder: 'Buscar por usuario o IP...',
  emptyText: MSG_ADMIN.sesionesVacio,
  columns: [
    textCol('usuarioNombre', 'Usuario', true),
    dateTimeCol('fechaInicio', 'Inicio'),
    dateTimeCol('fechaFin', 'Fin'),
    {
      key: 'motivoFin',
      dataIndex: 'motivoFin',
      title: 'Motivo',
      render: (v: string | null, r) =>
        r.activa ? <Tag color="green">ACTIVA</Tag> : v ? (MOTIVOS_FIN[v] ?? v) : '',
    },
    textCol('ip', 'IP', true),
    textCol('agente', 'Navegador', false, 260),
  ],
});

export const SesionErrPage = sesionList<SesionErr>({
  title: 'Errores de Sesión',
  fetch: sesionesApi.errores,
  rowKey: (r) => r.idSesionErr,
  searchPlaceholder: 'Buscar por usuario, IP o motivo...',
  emptyText: 'No hay ingresos fallidos ni errores en el período.',
  columns: [
    dateTimeCol('fecha', 'Fecha'),
    textCol('usuario', 'Usuario', true),
    textCol('tipo', 'Tipo', true),
    textCol('motivo', 'Motivo'),
    textCol('ip', 'IP', true),
  ],
});

export const AccesoSesionPage = sesionList<AccesoSesion>({
  title: 'Accesos por Sesión',
  fetch: sesionesApi.accesos,
  rowKey: (r) => r.idAccesoSesion,
  searchPlaceholder: 'Buscar por usuario o ruta...',
  emptyText: 'No hay accesos en el período.',
  columns: [
    dateTimeCol('fecha', 'Fecha'),
    textCol('usuarioNombre', 'Usuario', true),
    textCol('ruta', 'Ruta', true),
    textCol('idSesion', 'Sesión', false, 300),
  ],
});

export const SandboxLogPage = sesionList<SandboxLog>({
  title: 'Bitácora Sandbox',
  fetch: sesionesApi.sandbox,
  rowKey: (r) => r.idSandboxLog,
  searchPlaceholder: 'Buscar por usuario, endpoint o mensaje...',
  emptyText: MSG_ADMIN.sandboxVacio,
  columns: [
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
  ],
});

/** /sesionesmes — how many sessions were opened each month of a year. */
export function SesionesMesPage() {
  const [sp, setSp] = useSearchParams();
  const anio = Number(sp.get('anio')) || Number(todayIso().slice(0, 4));
  const q = useQuery({
    queryKey: sesionesKeys.grafico('mes', anio),
    queryFn: ({ signal }) => sesionesApi.porMes(anio, signal),
  });
  const items = q.data?.items ?? [];
  return (
    <GraficoSesiones
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
      consulta={q}
    />
  );
}

const dia = (v: string) => dayjs(v).format('DD/MM/YYYY');

/** /sesionesdia — how many sessions were opened each day of a month. */
export function SesionesDiaPage() {
  const [sp, setSp] = useSearchParams();
  const mes = /^\d{4}-\d{2}$/.test(sp.get('mes') ?? '') ? (sp.get('mes') as string) : todayIso().slice(0, 7);
  const q = useQuery({
    queryKey: sesionesKeys.grafico('dia', mes),
    queryFn: ({ signal }) => sesionesApi.porDia(mes, signal),
  });
  const items = q.data?.items ?? [];
  const nombreMes = dayjs(`${mes}-01`).format('MMMM [de] YYYY');
  return (
    <GraficoSesiones
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
      bars={items.map((i) => ({ label: String(i.dia), title: dia(i.fecha), value: i.sesiones }))}
      xLabel="Día del mes"
      columns={[
        { key: 'fecha', dataIndex: 'fecha', title: 'Día', render: dia },
        numCol('sesiones', 'Sesiones'),
        numCol('usuarios', 'Usuarios'),
      ]}
      rows={items.map((i) => ({ key: i.dia, ...i }))}
      consulta={q}
    />
  );
}
