import { DeleteOutlined } from '@ant-design/icons';
import { formatCount, formatDateTime, formatPeriod } from '@app/domain/common/format';
import { MSG_INTEGRACION } from '@app/domain/integracion/messages';
import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Segmented, type TableColumnsType, Tabs, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PAGE_SIZE } from '../../components/data-table.ts';
import { DataTable } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useSession } from '../../lib/use-session.ts';
import {
  integracionApi,
  integracionKeys,
  type SandboxLlamada,
  type SandboxTramite,
} from './integracion-api.ts';

const TABS = [
  { key: 'llamadas', label: 'Llamadas' },
  { key: 'tramites', label: 'Trámites de prueba' },
] as const;

/** The provider's sandbox log: every call of its company's users to the sandbox, and the test procedures. */
export default function SandboxLogPage() {
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const [sp, setSp] = useSearchParams();
  const tab = TABS.find((t) => t.key === sp.get('tab'))?.key ?? 'llamadas';
  if (idPerfil !== 15) {
    return (
      <Result
        status="403"
        title={MSG.noAutorizado403}
        subTitle="La bitácora sandbox es de los usuarios prestadores."
      />
    );
  }
  return (
    <>
      <PageHeader
        title="Bitácora Sandbox"
        breadcrumb={[{ title: 'Integración', href: '/integracion' }, { title: 'Bitácora Sandbox' }]}
        extra={
          <Link to="/integracion">
            <Button>Ayuda de integración</Button>
          </Link>
        }
      />
      <Card variant="borderless" styles={{ body: { paddingTop: 0 } }}>
        <Tabs
          activeKey={tab}
          onChange={(k) => setSp({ tab: k }, { replace: true })}
          destroyOnHidden
          items={TABS.map((t) => ({
            key: t.key,
            label: t.label,
            children: t.key === 'llamadas' ? <Llamadas /> : <TramitesPrueba />,
          }))}
        />
      </Card>
    </>
  );
}

function Llamadas() {
  const list = usePagedList({
    namespace: 'log',
    filterKeys: ['estado'],
    queryKey: (p) => integracionKeys.log(p.page, p.filters.estado),
    queryFn: (p, signal) => integracionApi.log(p.page, p.filters.estado, signal),
    pageSize: PAGE_SIZE,
  });
  const { params, query: q } = list;
  const estado = params.filters.estado;
  const columns: TableColumnsType<SandboxLlamada> = [
    {
      key: 'fecha',
      title: 'Fecha',
      dataIndex: 'fecha',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
    { key: 'usuario', title: 'Usuario', dataIndex: 'usuarioNombre', width: 200 },
    { key: 'endpoint', title: 'Endpoint', dataIndex: 'endpoint', width: 330 },
    {
      key: 'estado',
      title: 'Estado',
      dataIndex: 'estado',
      width: 90,
      render: (v: number) => <Tag color={v < 400 ? 'green' : 'red'}>{v}</Tag>,
    },
    { key: 'mensaje', title: 'Mensaje', dataIndex: 'mensaje', ellipsis: { showTitle: true } },
    {
      key: 'tramite',
      title: 'Trámite',
      dataIndex: 'idTramite',
      width: 110,
      render: (v: number | null) => v ?? '—',
    },
    {
      key: 'carga',
      title: 'Carga',
      dataIndex: 'idCarga',
      width: 110,
      render: (v: number | null) => v ?? '—',
    },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Segmented
          aria-label="Resultado de la llamada"
          value={estado ?? ''}
          onChange={(v) => params.setFilter('estado', (v as string) || null)}
          options={[
            { value: '', label: 'Todas' },
            { value: 'exito', label: 'Exitosas' },
            { value: 'error', label: 'Con error' },
          ]}
        />
        <Button onClick={() => void q.refetch()} loading={q.isRefetching}>
          Actualizar
        </Button>
      </Flex>
      <DataTable<SandboxLlamada>
        errorFallback={MSG_PLANILLA.errorLista}
        ariaLabel="Llamadas al sandbox"
        columns={columns}
        {...list.table}
        loading={q.isFetching && !q.isRefetching}
        rowKey="idSandboxLog"
        emptyText={MSG_INTEGRACION.logVacio}
      />
    </>
  );
}

function TramitesPrueba() {
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const list = usePagedList({
    namespace: 'sbx',
    queryKey: (p) => integracionKeys.tramites(p.page),
    queryFn: (p, signal) => integracionApi.tramites(p.page, signal),
    pageSize: PAGE_SIZE,
  });
  const q = list.query;
  const vaciar = useMutation({ mutationFn: integracionApi.vaciar });
  const columns: TableColumnsType<SandboxTramite> = [
    { key: 'id', title: 'ID', dataIndex: 'idTramite', width: 110 },
    { key: 'numero', title: 'Número', dataIndex: 'numero', width: 170 },
    {
      key: 'estado',
      title: 'Estado',
      dataIndex: 'estadoTramite',
      width: 130,
      render: (v: string) => <StateTag state={v} />,
    },
    { key: 'servicio', title: 'Servicio', dataIndex: 'servicioNombre', width: 140 },
    { key: 'periodo', title: 'Período', width: 190, render: (_: unknown, t) => formatPeriod(t) },
    {
      key: 'carga',
      title: 'Última carga',
      dataIndex: 'idCarga',
      width: 120,
      render: (v: number | null) => v ?? '—',
    },
    {
      key: 'registros',
      title: 'Registros',
      dataIndex: 'numeroRegistros',
      width: 100,
      align: 'right',
      render: (v: number | null) => formatCount(v) || '0',
    },
    {
      key: 'errores',
      title: 'Errores',
      dataIndex: 'contadorErrores',
      width: 90,
      align: 'right',
      render: (v: number | null) => (v ? <Tag color="red">{formatCount(v)}</Tag> : '0'),
    },
    { key: 'respaldos', title: 'Respaldos', dataIndex: 'numRespaldos', width: 100, align: 'right' },
    {
      key: 'fechaReg',
      title: 'Registrado',
      dataIndex: 'fechaReg',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
  ];
  return (
    <>
      {feedback.contextHolder}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <span>Trámites creados por las llamadas al sandbox: nunca aparecen en los trámites reales.</span>
        <Button
          danger
          icon={<DeleteOutlined aria-hidden />}
          disabled={!q.data?.total}
          loading={vaciar.isPending}
          onClick={() =>
            feedback.modal.confirm({
              title: '¿Vaciar el sandbox?',
              content: `Se eliminarán los ${formatCount(q.data?.total ?? 0)} trámites de prueba de su empresa con sus cargas, filas, errores y archivos de respaldo. La bitácora de llamadas se conserva.`,
              okText: 'Vaciar sandbox',
              okButtonProps: { danger: true },
              cancelText: 'Cancelar',
              focusable: { autoFocusButton: 'cancel' },
              onOk: () =>
                vaciar
                  .mutateAsync()
                  .then((r) => feedback.success(r.mensaje))
                  .catch((e: Error) => {
                    feedback.errorDialog(MSG.error, e.message);
                  })
                  .finally(() => void queryClient.invalidateQueries({ queryKey: integracionKeys.all })),
            })
          }
        >
          Vaciar sandbox
        </Button>
      </Flex>
      <DataTable<SandboxTramite>
        errorFallback={MSG_PLANILLA.errorLista}
        ariaLabel="Trámites de prueba del sandbox"
        columns={columns}
        {...list.table}
        loading={q.isFetching && !q.isRefetching}
        rowKey="idTramite"
        emptyText={MSG_INTEGRACION.tramitesSandboxVacio}
      />
    </>
  );
}
