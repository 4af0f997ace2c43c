import { ReloadOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { formatCount } from '@app/domain/common/format';
import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { ESTADOS_REVISION } from '@app/domain/planillas/permissions';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Input,
  Segmented,
  Select,
  Skeleton,
  Statistic,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { matchesSearch } from '../../components/catalog/catalog-values.ts';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { useListParams } from '../../components/use-list-params.ts';
import { fecha } from '../tramites/tramite-rules.ts';
import { type TramiteDetalle, tramiteKeys } from '../tramites/tramites-api.ts';
import {
  type Asignable,
  type AsignacionRespuesta,
  type CargaAsignacion,
  type PlanillaAsignacion,
  revisionApi,
  revisionKeys,
} from './revision-api.ts';
import {
  ASIGNACION_TEXTOS,
  type AsignacionForm,
  asignacionBody,
  cargaEtiqueta,
  confirmacionAsignacion,
  MODOS,
  type ModoAsignacion,
  MSG_ASIGNACION,
  perfilNombre,
  previewReparto,
  type TipoAsignacion,
  tipoRevisionDe,
  usuarioEtiqueta,
  validarAsignacion,
} from './revision-rules.ts';
import './revision.css';
import { useEnvio } from '../../app/use-envio.ts';

const PAGE_SIZE = 10;
const FILTROS = ['modo', 'idCarga', 'asignado', 'estado', 'numero'] as const;
const cuenta = (n: number | undefined) => formatCount(n ?? 0) || '0';

export type AsignacionTabProps = { tramite: TramiteDetalle; tipo: TipoAsignacion };

/**
 * 'Asignar Médico Auditor' / 'Asignar Gestor Documental' (docs/spec-summary.md 000 §2, §6): who holds how many
 * attentions of the procedure and how many are pending; assign selected attentions, a whole load,
 * or split a load evenly. Lists are paged by the server, so a procedure of 100,000 attentions reads
 * like one of ten.
 */
export default function AsignacionTab({ tramite: t, tipo }: AsignacionTabProps) {
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const tr = tipoRevisionDe(tipo);
  const textos = ASIGNACION_TEXTOS[tipo];
  const params = useListParams({ namespace: tipo.toLowerCase(), filterKeys: FILTROS });
  const f = params.filters;
  const modo: ModoAsignacion = MODOS.some((m) => m.value === f.modo)
    ? (f.modo as ModoAsignacion)
    : 'seleccion';

  const staff = useQuery({
    queryKey: revisionKeys.asignacion(t.idTramite, tr),
    queryFn: ({ signal }) => revisionApi.asignacion(t.idTramite, tr, signal),
    staleTime: 0,
  });
  const cargas = useQuery({
    queryKey: revisionKeys.cargasAsignacion(t.idTramite, tr),
    queryFn: ({ signal }) => revisionApi.cargasAsignacion(t.idTramite, tr, signal),
    staleTime: 0,
  });
  const usuarios = staff.data?.usuarios ?? [];
  const cargaList = cargas.data?.items ?? [];

  // Picks of the three modes; the selection survives paging and filtering (antd keeps the keys).
  const [seleccion, setSeleccion] = useState<number[]>([]);
  const [idUsuario, setIdUsuario] = useState<number | null>(null);
  const [idCarga, setIdCarga] = useState<number | null>(null);
  const [idUsuarios, setIdUsuarios] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: revisionKeys.all });
    void queryClient.invalidateQueries({ queryKey: tramiteKeys.all });
  };

  const asignar = useEnvio({
    mutationFn: (form: AsignacionForm) => revisionApi.asignar(t.idTramite, asignacionBody(form, tipo)),
    onSuccess: (res: AsignacionRespuesta) => {
      if (res.asignadas === 0) {
        feedback.notification.warning({ title: 'Sin cambios', description: MSG_ASIGNACION.sinCambios });
      } else {
        feedback.success(res.mensaje);
        if (res.estadoTramite !== t.estadoTramite) {
          feedback.notification.info({
            title: 'Trámite EN PROCESO',
            description: MSG_ASIGNACION.tramiteEnProceso,
          });
        }
      }
      setSeleccion([]);
      setIdUsuarios([]);
    },
    onError: (e: Error) => feedback.errorDialog(MSG_ASIGNACION.noSePudo, e.message),
    onSettled: refresh,
  });

  const cargaSel = cargaList.find((c) => c.idCarga === idCarga);
  const staffLabel = (id: number | null | undefined) => {
    const u = usuarios.find((s) => s.idUsuario === id);
    return u ? usuarioEtiqueta(u) : '';
  };

  function enviar(form: AsignacionForm) {
    const problema = validarAsignacion(form, tipo);
    setError(problema);
    if (problema) return;
    const c = confirmacionAsignacion(form, {
      usuario: staffLabel(form.idUsuario),
      usuarios: (form.idUsuarios ?? []).map(staffLabel),
      carga: cargaSel ? cargaEtiqueta(cargaSel) : '',
      pendientesCarga: cargaSel?.pendientes,
    });
    feedback.modal.confirm({
      title: c.title,
      content: c.content,
      okText: form.modo === 'repartir' ? 'Repartir' : 'Asignar',
      cancelText: 'Cancelar',
      onOk: () => asignar.mutateAsync(form).catch(() => undefined),
    });
  }

  const staffOptions = usuarios.map((u) => ({
    value: u.idUsuario,
    label: `${usuarioEtiqueta(u)} — ${cuenta(u.pendientes)} pendientes`,
  }));
  const cargaOptions = cargaList.map((c) => ({
    value: c.idCarga,
    label: `${cargaEtiqueta(c)} — ${cuenta(c.pendientes)} pendientes, ${cuenta(c.sinAsignar)} sin asignar`,
  }));
  const search = {
    filterOption: (input: string, o?: { label?: unknown }) => matchesSearch(input, String(o?.label ?? '')),
  };

  const cambiarModo = (m: ModoAsignacion) => {
    setError(null);
    params.setFilter('modo', m === 'seleccion' ? null : m);
  };

  if (staff.isError && !staff.data)
    return (
      <ErrorRetry
        error={staff.error}
        title={MSG_PLANILLA.errorLista}
        fallback={MSG.errorPeticion}
        onRetry={() => void staff.refetch()}
      />
    );

  return (
    <Flex vertical gap={16} style={{ paddingTop: 8 }}>
      {feedback.contextHolder}
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <Flex vertical gap={0}>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {textos.titulo}
          </Typography.Title>
          <Typography.Text type="secondary">{MSG_ASIGNACION.soloPendientes}</Typography.Text>
        </Flex>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={refresh} loading={staff.isFetching}>
          Actualizar
        </Button>
      </Flex>

      <StaffPanel
        tipo={tipo}
        loading={staff.isLoading}
        usuarios={usuarios}
        total={staff.data?.total}
        sinAsignar={staff.data?.sinAsignar}
        onVer={(id) => {
          setError(null);
          params.update({ filters: { modo: null, asignado: id, idCarga: null, estado: null, numero: null } });
        }}
      />

      <ErrorRetry
        error={cargas.error}
        title={MSG_PLANILLA.errorLista}
        fallback={MSG.errorPeticion}
        onRetry={() => void cargas.refetch()}
      />
      {!cargas.isLoading && cargaList.length === 0 && !cargas.isError ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="El trámite no tiene atenciones para asignar."
        />
      ) : (
        <Card
          size="small"
          title={
            <Segmented<ModoAsignacion>
              aria-label="Forma de asignar"
              value={modo}
              onChange={cambiarModo}
              options={MODOS.map((m) => ({ value: m.value, label: m.label }))}
            />
          }
        >
          {modo === 'seleccion' && (
            <SeleccionPanel
              tramite={t}
              tipo={tipo}
              params={params}
              usuarios={usuarios}
              cargas={cargaList}
              seleccion={seleccion}
              onSeleccion={(keys) => {
                setError(null);
                setSeleccion(keys);
              }}
            />
          )}
          {modo !== 'seleccion' && (
            <Flex vertical gap={12} style={{ maxWidth: 760 }}>
              <Field label="Carga" htmlFor={`${tipo}-carga`}>
                <Select
                  id={`${tipo}-carga`}
                  placeholder="Seleccione la semana/carga"
                  value={idCarga ?? undefined}
                  onChange={(v?: number) => {
                    setError(null);
                    setIdCarga(v ?? null);
                  }}
                  options={cargaOptions}
                  loading={cargas.isLoading}
                  allowClear
                  style={{ width: '100%' }}
                />
              </Field>
              {cargaSel && <CargaResumen carga={cargaSel} />}
              {modo === 'carga' ? (
                <Field label={`Asignar a (${textos.rol})`} htmlFor={`${tipo}-usuario-carga`}>
                  <Select
                    id={`${tipo}-usuario-carga`}
                    placeholder={`Seleccione el ${textos.rol}`}
                    value={idUsuario ?? undefined}
                    onChange={(v?: number) => {
                      setError(null);
                      setIdUsuario(v ?? null);
                    }}
                    options={staffOptions}
                    showSearch={search}
                    allowClear
                    style={{ width: '100%' }}
                  />
                </Field>
              ) : (
                <RepartoPanel
                  tipo={tipo}
                  usuarios={usuarios}
                  idUsuarios={idUsuarios}
                  onChange={(ids) => {
                    setError(null);
                    setIdUsuarios(ids);
                  }}
                  pendientesCarga={cargaSel?.pendientes}
                  options={staffOptions}
                />
              )}
            </Flex>
          )}

          <Flex align="center" gap={12} wrap style={{ marginTop: 16 }}>
            {modo === 'seleccion' && (
              <>
                <Typography.Text strong aria-live="polite">
                  {cuenta(seleccion.length)} {seleccion.length === 1 ? 'seleccionada' : 'seleccionadas'}
                </Typography.Text>
                {seleccion.length > 0 && (
                  <Button type="link" size="small" onClick={() => setSeleccion([])}>
                    Quitar selección
                  </Button>
                )}
                <Select
                  aria-label={`Asignar a (${textos.rol})`}
                  placeholder={`Asignar a (${textos.rol})`}
                  value={idUsuario ?? undefined}
                  onChange={(v?: number) => {
                    setError(null);
                    setIdUsuario(v ?? null);
                  }}
                  options={staffOptions}
                  showSearch={search}
                  allowClear
                  style={{ minWidth: 320 }}
                  popupMatchSelectWidth={false}
                />
              </>
            )}
            <Button
              type="primary"
              icon={modo === 'repartir' ? <TeamOutlined aria-hidden /> : <UserAddOutlined aria-hidden />}
              loading={asignar.isPending}
              onClick={() =>
                enviar(
                  modo === 'seleccion'
                    ? { modo, idUsuario, idPlanillas: seleccion }
                    : modo === 'carga'
                      ? { modo, idUsuario, idCarga }
                      : { modo, idUsuarios, idCarga },
                )
              }
            >
              {modo === 'seleccion'
                ? 'Asignar seleccionadas'
                : modo === 'carga'
                  ? 'Asignar carga'
                  : 'Repartir carga'}
            </Button>
            {error && (
              <Typography.Text type="danger" role="alert">
                {error}
              </Typography.Text>
            )}
          </Flex>
        </Card>
      )}
    </Flex>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </Flex>
  );
}

/** Who can receive attentions of this type, how many each holds and has pending. */
function StaffPanel({
  tipo,
  loading,
  usuarios,
  total,
  sinAsignar,
  onVer,
}: {
  tipo: TipoAsignacion;
  loading: boolean;
  usuarios: Asignable[];
  total: number | undefined;
  sinAsignar: number | undefined;
  onVer: (idUsuario: number) => void;
}) {
  const textos = ASIGNACION_TEXTOS[tipo];
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  const columns: TableColumnsType<Asignable> = [
    { key: 'usuario', title: 'Usuario', render: (_: unknown, u) => usuarioEtiqueta(u) },
    {
      key: 'perfil',
      title: 'Perfil',
      dataIndex: 'idPerfil',
      width: 150,
      render: (p: number) => perfilNombre(p),
    },
    {
      key: 'asignadas',
      title: 'Asignadas',
      dataIndex: 'asignadas',
      width: 110,
      align: 'right',
      render: (n: number, u) =>
        n > 0 ? (
          <Tooltip title="Ver sus atenciones">
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onVer(u.idUsuario)}>
              {cuenta(n)}
            </Button>
          </Tooltip>
        ) : (
          '0'
        ),
    },
    {
      key: 'pendientes',
      title: 'Pendientes',
      dataIndex: 'pendientes',
      width: 110,
      align: 'right',
      render: (n: number) => cuenta(n),
    },
  ];
  return (
    <Flex gap={24} wrap align="flex-start">
      <Flex gap={24}>
        <Statistic title="Atenciones activas" value={cuenta(total)} />
        <Statistic title="Sin asignar" value={cuenta(sinAsignar)} />
      </Flex>
      <div style={{ flex: '1 1 480px', minWidth: 0 }}>
        <Table<Asignable>
          size="small"
          aria-label={`Personal: ${textos.rolPlural}`}
          rowKey="idUsuario"
          columns={columns}
          dataSource={usuarios}
          pagination={false}
          locale={{ emptyText: `No hay ${textos.rolPlural} activos en la suscripción.` }}
        />
      </div>
    </Flex>
  );
}

function CargaResumen({ carga }: { carga: CargaAsignacion }) {
  return (
    <Descriptions
      size="small"
      column={3}
      items={[
        { key: 'total', label: 'Atenciones', children: cuenta(carga.total) },
        { key: 'pend', label: 'Pendientes', children: cuenta(carga.pendientes) },
        { key: 'sin', label: 'Pendientes sin asignar', children: cuenta(carga.sinAsignar) },
      ]}
    />
  );
}

/** 'Repartir carga': the chosen staff and how many each receives (the server's round robin). */
function RepartoPanel({
  tipo,
  usuarios,
  idUsuarios,
  onChange,
  pendientesCarga,
  options,
}: {
  tipo: TipoAsignacion;
  usuarios: Asignable[];
  idUsuarios: number[];
  onChange: (ids: number[]) => void;
  pendientesCarga: number | undefined;
  options: { value: number; label: string }[];
}) {
  const textos = ASIGNACION_TEXTOS[tipo];
  const operativos = usuarios.filter((u) => u.idPerfil === (tipo === 'AM' ? 18 : 20)).map((u) => u.idUsuario);
  const filas = useMemo(
    () => previewReparto(pendientesCarga ?? 0, idUsuarios, usuarios),
    [pendientesCarga, idUsuarios, usuarios],
  );
  return (
    <>
      <Field label={`Repartir entre (${textos.rolPlural})`} htmlFor={`${tipo}-reparto`}>
        <Flex gap={8} wrap>
          <Select
            id={`${tipo}-reparto`}
            mode="multiple"
            placeholder={`Seleccione los ${textos.rolPlural}`}
            value={idUsuarios}
            onChange={(v: number[]) => onChange(v)}
            options={options}
            showSearch={{ filterOption: (input, o) => matchesSearch(input, String(o?.label ?? '')) }}
            allowClear
            style={{ flex: '1 1 420px' }}
          />
          {operativos.length > 0 && (
            <Button onClick={() => onChange(operativos)}>Todos los {textos.rolPlural}</Button>
          )}
        </Flex>
      </Field>
      {filas.length > 0 && (
        <Table
          size="small"
          aria-label="Vista previa del reparto"
          rowKey="idUsuario"
          pagination={false}
          dataSource={filas}
          columns={[
            { key: 'u', title: 'Usuario', dataIndex: 'etiqueta' },
            {
              key: 'r',
              title: 'Atenciones de la carga',
              dataIndex: 'recibe',
              width: 200,
              align: 'right',
              render: (n: number) => cuenta(n),
            },
          ]}
        />
      )}
    </>
  );
}

/** Attentions with their holder, filtered and paged by the server; check boxes pick the ones to assign. */
function SeleccionPanel({
  tramite: t,
  tipo,
  params,
  usuarios,
  cargas,
  seleccion,
  onSeleccion,
}: {
  tramite: TramiteDetalle;
  tipo: TipoAsignacion;
  params: ReturnType<typeof useListParams>;
  usuarios: Asignable[];
  cargas: CargaAsignacion[];
  seleccion: number[];
  onSeleccion: (ids: number[]) => void;
}) {
  const textos = ASIGNACION_TEXTOS[tipo];
  const f = params.filters;
  const [numero, setNumero] = useState(f.numero ?? '');
  const q = {
    tipo: tipoRevisionDe(tipo),
    idCarga: f.idCarga,
    asignado: f.asignado,
    estado: f.estado,
    numero: f.numero,
    page: params.page,
    pageSize: PAGE_SIZE,
  };
  const list = useQuery({
    queryKey: revisionKeys.planillasAsignacion(t.idTramite, q),
    queryFn: ({ signal }) => revisionApi.planillasAsignacion(t.idTramite, q, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const cargaDe = (id: number) => cargas.find((c) => c.idCarga === id);
  const hayFiltros = FILTROS.some((k) => k !== 'modo' && f[k]);

  const columns: TableColumnsType<PlanillaAsignacion> = [
    { key: 'numero', title: 'Número', dataIndex: 'numero', width: 120 },
    { key: 'cedula', title: 'Cédula', dataIndex: 'cedula', width: 120 },
    { key: 'nombre', title: 'Nombre', dataIndex: 'nombre', ellipsis: { showTitle: true } },
    {
      key: 'fecha',
      title: 'F. atención',
      width: 110,
      render: (_: unknown, p) => fecha(p.fechaDesde),
    },
    {
      key: 'carga',
      title: 'Carga',
      width: 250,
      ellipsis: { showTitle: true },
      render: (_: unknown, p) => {
        const c = cargaDe(p.idCarga);
        return c ? cargaEtiqueta(c) : p.idCarga;
      },
    },
    {
      key: 'estado',
      title: textos.estado,
      dataIndex: 'estado',
      width: 120,
      render: (e: string) => <StateTag state={e} />,
    },
    {
      key: 'asignado',
      title: 'Asignada a',
      width: 220,
      render: (_: unknown, p) =>
        p.idUsuario ? (
          staffNombre(usuarios, p.idUsuario, p.usuarioNombre)
        ) : (
          <Typography.Text type="secondary">Sin asignar</Typography.Text>
        ),
    },
  ];

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} role="search" aria-label="Filtros">
        <Select
          aria-label="Carga"
          placeholder="Todas las cargas"
          allowClear
          value={f.idCarga ? Number(f.idCarga) : undefined}
          onChange={(v?: number) => params.setFilter('idCarga', v)}
          options={cargas.map((c) => ({ value: c.idCarga, label: cargaEtiqueta(c) }))}
          style={{ width: 280 }}
          popupMatchSelectWidth={false}
        />
        <Select
          aria-label="Asignación"
          placeholder="Cualquier asignación"
          allowClear
          value={f.asignado}
          onChange={(v?: string) => params.setFilter('asignado', v)}
          options={[
            { value: 'sin', label: 'Sin asignar' },
            ...usuarios.map((u) => ({ value: String(u.idUsuario), label: usuarioEtiqueta(u) })),
          ]}
          style={{ width: 240 }}
          popupMatchSelectWidth={false}
        />
        <Select
          aria-label={textos.estado}
          placeholder={textos.estado}
          allowClear
          value={f.estado}
          onChange={(v?: string) => params.setFilter('estado', v)}
          options={ESTADOS_REVISION.map((e) => ({ value: e, label: e }))}
          style={{ width: 150 }}
        />
        <Input.Search
          aria-label="Número"
          placeholder="Número"
          allowClear
          value={numero}
          maxLength={40}
          onChange={(e) => {
            setNumero(e.target.value.toUpperCase());
            if (!e.target.value && f.numero) params.setFilter('numero', null);
          }}
          onSearch={(v) => params.setFilter('numero', v.trim() || null)}
          style={{ width: 180 }}
        />
        {hayFiltros && (
          <Button
            type="link"
            onClick={() => {
              setNumero('');
              params.update({ filters: { idCarga: null, asignado: null, estado: null, numero: null } });
            }}
          >
            Limpiar filtros
          </Button>
        )}
      </Flex>
      <ErrorRetry
        error={list.error}
        title={MSG_PLANILLA.errorLista}
        fallback={MSG.errorPeticion}
        onRetry={() => void list.refetch()}
        style={{ marginBottom: 12 }}
      />
      <DataTable<PlanillaAsignacion>
        ariaLabel="Atenciones para asignar"
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={params.page}
        pageSize={PAGE_SIZE}
        loading={list.isFetching && !list.isRefetching}
        onPageChange={params.setPage}
        rowKey="idPlanilla"
        emptyText="No hay resultados que coincidan."
        tableProps={{
          rowSelection: {
            selectedRowKeys: seleccion,
            preserveSelectedRowKeys: true,
            onChange: (keys: Key[]) => onSeleccion(keys.map(Number)),
            getCheckboxProps: (p: PlanillaAsignacion) => ({
              disabled: p.estado !== 'PENDIENTE',
              'aria-label': `Seleccionar la atención ${p.numero}`,
              title: p.estado !== 'PENDIENTE' ? 'Ya revisada: conserva su revisor.' : undefined,
            }),
          },
        }}
      />
    </>
  );
}

function staffNombre(usuarios: Asignable[], id: number, nombre: string | null) {
  const u = usuarios.find((s) => s.idUsuario === id);
  return u ? usuarioEtiqueta(u) : (nombre ?? String(id));
}
