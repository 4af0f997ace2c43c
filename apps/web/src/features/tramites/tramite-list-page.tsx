import { PlusOutlined } from '@ant-design/icons';
import { PERFIL } from '@app/domain/auth/profiles';
import { formatCount, formatDate, formatPeriod } from '@app/domain/common/format';
import { MSG } from '@app/domain/messages';
import { ESTADOS_PROCESADOS, ESTADOS_TRABAJO, ESTADOS_TRAMITE } from '@app/domain/tramites/workflow';
import { Button, Card, DatePicker, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ForbiddenPage } from '../../app/errors/error-pages.tsx';
import { BarraFiltros } from '../../components/barra-filtros.tsx';
import { matchesSearch } from '../../components/catalog/catalog-values.ts';
import { PAGE_SIZE } from '../../components/data-table.ts';
import { DataTable } from '../../components/data-table.tsx';
import { FiltroNumero, FiltroSelect } from '../../components/filtro-url.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useSession } from '../../lib/use-session.ts';
import { NuevoTramiteModal } from './nuevo-tramite-modal.tsx';
import { detailPath, esPrestador, frecuenciaLabel, VISTAS } from './tramite-rules.ts';
import { type Tramite, type TramiteListQuery, tramiteKeys, tramitesApi, type Vista } from './tramites-api.ts';
import { usePrestadores, useServicios } from './use-catalogos.ts';

const FILTER_KEYS = ['estado', 'idPrestador', 'idServicio', 'numero', 'desde', 'hasta'] as const;
const DATE_FORMAT = 'DD/MM/YYYY';

/** States a list can hold, so the state filter offers only those. */
function estadosDe(vista: Vista): readonly string[] {
  if (vista === 'procesados') return ESTADOS_PROCESADOS;
  if (vista === 'asignados') return [...ESTADOS_TRABAJO, 'OBSERVACIONES'];
  return ESTADOS_TRAMITE;
}

/** The four procedure lists (/tramite, /tramite-asignados, /tramite-procesados, /tramite-carga). */
export default function TramiteListPage({ vista }: { vista: Vista }) {
  const session = useSession();
  const idPerfil = session?.usuario.idPerfil ?? 0;
  const def = VISTAS[vista];
  if (!def.perfiles.includes(idPerfil)) return <ForbiddenPage />;
  return <TramiteList key={vista} vista={vista} idPerfil={idPerfil} />;
}

function TramiteList({ vista, idPerfil }: { vista: Vista; idPerfil: number }) {
  const def = VISTAS[vista];
  const navigate = useNavigate();
  const list = usePagedList({
    filterKeys: FILTER_KEYS,
    request: ({ filters: f, page }): TramiteListQuery => ({
      vista,
      estado: f.estado,
      idPrestador: f.idPrestador,
      idServicio: f.idServicio,
      numero: f.numero,
      desde: f.desde,
      hasta: f.hasta,
      page,
      pageSize: PAGE_SIZE,
    }),
    queryKey: tramiteKeys.list,
    queryFn: tramitesApi.list,
    pageSize: PAGE_SIZE,
  });
  const { params } = list;
  const f = params.filters;
  const prestadores = usePrestadores();
  const servicios = useServicios();

  const [numero, setNumero] = useState(f.numero ?? '');
  useEffect(() => setNumero(f.numero ?? ''), [f.numero]);
  const [nuevo, setNuevo] = useState(false);

  const hasFilters = FILTER_KEYS.some((k) => f[k] !== undefined);
  const open = (t: Tramite) => navigate(detailPath(idPerfil, t.idTramite));

  const columns: TableColumnsType<Tramite> = [
    {
      key: 'numero',
      title: 'Número',
      dataIndex: 'numero',
      width: 130,
      render: (_: unknown, t) => (
        <Link to={detailPath(idPerfil, t.idTramite)} onDoubleClick={(e) => e.stopPropagation()}>
          {t.numero}
        </Link>
      ),
    },
    {
      key: 'fechaReg',
      title: 'Fecha de registro',
      dataIndex: 'fechaReg',
      width: 105,
      render: (v: string) => formatDate(v),
    },
    { key: 'prestador', title: 'Prestador', dataIndex: 'nombreComercial', ellipsis: { showTitle: true } },
    {
      key: 'servicio',
      title: 'Servicio',
      dataIndex: 'servicioNombre',
      width: 120,
      ellipsis: { showTitle: true },
    },
    { key: 'periodo', title: 'Período', width: 180, render: (_: unknown, t) => formatPeriod(t) },
    {
      key: 'frecuencia',
      title: 'Frecuencia',
      dataIndex: 'frecuenciaCarga',
      width: 95,
      render: (v: string) => frecuenciaLabel(v),
    },
    {
      key: 'estado',
      title: 'Estado',
      dataIndex: 'estadoTramite',
      width: 125,
      render: (v: string) => <StateTag state={v} />,
    },
    {
      key: 'atenciones',
      title: 'Atenciones',
      dataIndex: 'numPlanillas',
      width: 95,
      align: 'right',
      render: (v: number) => formatCount(v) || '0',
    },
    ...(vista === 'asignados' && (idPerfil === PERFIL.AUDITOR_AM || idPerfil === PERFIL.GESTOR_GD)
      ? [
          {
            key: 'misPendientes',
            title: 'Por revisar',
            dataIndex: 'misPendientes',
            width: 95,
            align: 'right' as const,
            render: (v: number | undefined) =>
              v ? <strong>{formatCount(v)}</strong> : <Typography.Text type="secondary">0</Typography.Text>,
          },
        ]
      : []),
  ];

  const prestadorOptions = (prestadores.data ?? []).map((p) => ({
    value: String(p.idPrestador),
    label: p.nombreComercial,
  }));
  const servicioOptions = (servicios.data?.items ?? []).map((s) => ({
    value: String(s.idServicio),
    label: s.nombre,
  }));
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    f.desde || f.hasta ? [f.desde ? dayjs(f.desde) : null, f.hasta ? dayjs(f.hasta) : null] : null;

  return (
    <>
      <PageHeader
        title={def.title}
        breadcrumb={[
          { title: 'Inicio', href: '/MenuPrincipal' },
          { title: 'Procesos' },
          { title: def.title },
        ]}
        extra={
          vista === 'carga' &&
          esPrestador(idPerfil) && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setNuevo(true)}
              data-tour="tramite-nuevo"
            >
              Nuevo trámite
            </Button>
          )
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 16 } }} data-tour="tramites-lista">
        <BarraFiltros ariaLabel="Filtros">
          <FiltroSelect
            params={params}
            name="estado"
            ariaLabel="Estado"
            placeholder="Estado"
            options={estadosDe(vista).map((e) => ({ value: e, label: e }))}
            style={{ width: 140 }}
          />
          {(!esPrestador(idPerfil) || prestadorOptions.length > 1) && (
            <FiltroSelect
              params={params}
              name="idPrestador"
              ariaLabel="Prestador"
              placeholder="Prestador"
              options={prestadorOptions}
              loading={prestadores.isLoading}
              showSearch={{ filterOption: (input, o) => matchesSearch(input, String(o?.label ?? '')) }}
              style={{ width: 180 }}
              popupMatchSelectWidth={false}
            />
          )}
          <FiltroSelect
            params={params}
            name="idServicio"
            ariaLabel="Servicio"
            placeholder="Servicio"
            options={servicioOptions}
            loading={servicios.isLoading}
            style={{ width: 140 }}
          />
          <FiltroNumero params={params} texto={numero} onTexto={setNumero} width={150} />
          <DatePicker.RangePicker
            aria-label="Período desde – hasta"
            format={DATE_FORMAT}
            placeholder={['Desde', 'Hasta']}
            allowEmpty={[true, true]}
            value={range}
            onChange={(v) =>
              params.update({
                filters: {
                  desde: v?.[0] ? v[0].format('YYYY-MM-DD') : null,
                  hasta: v?.[1] ? v[1].format('YYYY-MM-DD') : null,
                },
              })
            }
            style={{ width: 230 }}
          />
          <Button
            type="link"
            disabled={!hasFilters}
            onClick={() => {
              setNumero('');
              params.clear();
            }}
          >
            Limpiar filtros
          </Button>
        </BarraFiltros>
        <DataTable<Tramite>
          ariaLabel={def.title}
          columns={columns}
          {...list.table}
          rowKey="idTramite"
          onRowDoubleClick={open}
          emptyText={hasFilters ? MSG.sinDatos : 'No hay trámites para mostrar.'}
          tableProps={{ tableLayout: 'fixed', scroll: { x: 980 } }}
        />
      </Card>
      {vista === 'carga' && (
        <NuevoTramiteModal
          open={nuevo}
          onClose={() => setNuevo(false)}
          onCreated={(t) => navigate(detailPath(idPerfil, t.idTramite))}
        />
      )}
    </>
  );
}
