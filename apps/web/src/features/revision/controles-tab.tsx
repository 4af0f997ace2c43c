import { OrderedListOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { formatCount } from '@app/domain/common/format';
import { parseId } from '@app/domain/common/ids';
import { CONTROLES } from '@app/domain/planillas/controles';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Select, Spin, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { useListParams } from '../../components/use-list-params.ts';
import { tablaDeConsulta } from '../../components/use-paged-list.ts';
import { fecha, planillaPath } from '../tramites/tramite-rules.ts';
import type { TramiteDetalle } from '../tramites/tramites-api.ts';
import { EncabezadoPestana } from './encabezado-pestana.tsx';
import { type ControlResultado, revisionApi, revisionKeys } from './revision-api.ts';
import { cargaEtiqueta, verEnListaSearch } from './revision-rules.ts';
import './revision.css';

const PAGE_SIZE = 10;
/** The controls scan the whole procedure: their answers are kept a minute unless refreshed. */
const STALE = 60_000;

export type ControlesTabProps = { tramite: TramiteDetalle };

/**
 * 'Controles' (supervisor tab, docs/spec-summary.md 000 §2): Control 1 to Control 5 with how many attentions each
 * flags, what it checks, and the flagged attentions with the reason, paged by the server. 'Ver en la
 * lista' opens the attentions tab filtered to the same attentions.
 */
export default function ControlesTab({ tramite: t }: ControlesTabProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useListParams({ namespace: 'ctl', filterKeys: ['n', 'idCarga'] });
  const n = Number(params.filters.n) || null;
  const idCarga = parseId(params.filters.idCarga) ?? undefined;

  const cargas = useQuery({
    queryKey: revisionKeys.cargas(t.idTramite),
    queryFn: ({ signal }) => revisionApi.cargas(t.idTramite, signal),
  });

  // One request per control, so each card shows its count as soon as its own scan ends.
  const conteos = useQueries({
    queries: CONTROLES.map((c) => ({
      queryKey: revisionKeys.control(t.idTramite, c.control, idCarga, 1, PAGE_SIZE),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        revisionApi.control(t.idTramite, c.control, { idCarga, page: 1, pageSize: PAGE_SIZE }, signal),
      staleTime: STALE,
    })),
  });

  const page = n ? params.page : 1;
  const list = useQuery({
    queryKey: revisionKeys.control(t.idTramite, n ?? 0, idCarga, page, PAGE_SIZE),
    queryFn: ({ signal }) =>
      revisionApi.control(t.idTramite, n ?? 0, { idCarga, page, pageSize: PAGE_SIZE }, signal),
    enabled: n !== null,
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });

  const verEnLista = (control: number) => setSearchParams(verEnListaSearch(searchParams, control, idCarga));
  const elegir = (control: number) => params.update({ filters: { n: control === n ? null : control } });
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ['revision', 'control', t.idTramite] });

  const columns: TableColumnsType<ControlResultado> = [
    { key: 'numero', title: 'Número', dataIndex: 'numero', width: 120 },
    { key: 'cedula', title: 'Cédula', dataIndex: 'cedula', width: 120 },
    { key: 'nombre', title: 'Nombre', dataIndex: 'nombre', width: 240, ellipsis: { showTitle: true } },
    { key: 'desde', title: 'F. desde', width: 105, render: (_: unknown, r) => fecha(r.fechaDesde) },
    { key: 'hasta', title: 'F. hasta', width: 105, render: (_: unknown, r) => fecha(r.fechaHasta) },
    {
      key: 'motivo',
      title: 'Motivo',
      dataIndex: 'motivo',
      render: (m: string) => <span className="control-motivo">{m}</span>,
    },
  ];
  const actual = CONTROLES.find((c) => c.control === n);
  const refreshing = conteos.some((q) => q.isFetching);

  return (
    <Flex vertical gap={16} style={{ paddingTop: 8 }}>
      <EncabezadoPestana
        titulo="Controles"
        descripcion={`Revisiones previas a la auditoría sobre ${idCarga ? 'la carga elegida' : 'todo el trámite'}.`}
      >
        <Flex gap={8} wrap>
          <Select
            aria-label="Carga"
            placeholder="Todas las cargas"
            allowClear
            value={idCarga}
            onChange={(v?: number) => params.setFilter('idCarga', v)}
            options={(cargas.data?.items ?? []).map((c) => ({ value: c.idCarga, label: cargaEtiqueta(c) }))}
            loading={cargas.isLoading}
            notFoundContent={cargas.isError ? 'No se pudieron cargar las cargas.' : undefined}
            style={{ width: 300 }}
            popupMatchSelectWidth={false}
          />
          <Button icon={<ReloadOutlined aria-hidden />} onClick={refresh} loading={refreshing}>
            Actualizar
          </Button>
        </Flex>
      </EncabezadoPestana>

      <Flex gap={12} wrap>
        {CONTROLES.map((c, i) => {
          const q = conteos[i];
          const activo = c.control === n;
          return (
            <Card
              key={c.control}
              size="small"
              className={`control-card${activo ? ' control-card-activo' : ''}`}
              title={`Control ${c.control}`}
              extra={<Typography.Text type="secondary">{c.nombre}</Typography.Text>}
            >
              <div aria-live="polite" style={{ minHeight: 40 }}>
                {q.isPending ? (
                  <Spin size="small" aria-label={`Calculando el control ${c.control}`} />
                ) : q.isError ? (
                  <Flex vertical gap={4} align="flex-start">
                    <Typography.Text type="danger">{q.error.message}</Typography.Text>
                    <Button size="small" onClick={() => void q.refetch()}>
                      Reintentar
                    </Button>
                  </Flex>
                ) : (
                  <Typography.Text strong style={{ fontSize: 26 }}>
                    {formatCount(q.data.total) || '0'}
                    <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
                      {' '}
                      {q.data.total === 1 ? 'atención señalada' : 'atenciones señaladas'}
                    </Typography.Text>
                  </Typography.Text>
                )}
              </div>
              <Typography.Paragraph type="secondary" style={{ margin: 0, flex: 1 }}>
                {c.descripcion}
              </Typography.Paragraph>
              <Flex gap={8} wrap>
                <Button
                  size="small"
                  type={activo ? 'primary' : 'default'}
                  aria-pressed={activo}
                  icon={<OrderedListOutlined aria-hidden />}
                  onClick={() => elegir(c.control)}
                >
                  {`Control ${c.control}`}
                </Button>
                <Tooltip title="Abre la pestaña de atenciones filtrada por este control">
                  <Button
                    size="small"
                    icon={<UnorderedListOutlined aria-hidden />}
                    disabled={q.isSuccess && q.data.total === 0}
                    onClick={() => verEnLista(c.control)}
                    aria-label={`Ver en la lista las atenciones del control ${c.control}`}
                  >
                    Ver en la lista
                  </Button>
                </Tooltip>
              </Flex>
            </Card>
          );
        })}
      </Flex>

      {actual ? (
        <Flex vertical gap={8}>
          <Typography.Title level={3} style={{ fontSize: 15, margin: 0 }}>
            {`Control ${actual.control}: ${actual.nombre}`}
          </Typography.Title>
          <DataTable<ControlResultado>
            ariaLabel={`Atenciones señaladas por el control ${actual.control}`}
            columns={columns}
            {...tablaDeConsulta(list, page, params.setPage)}
            pageSize={PAGE_SIZE}
            errorTitle={MSG_PLANILLA.errorLista}
            rowKey="idPlanilla"
            onRowDoubleClick={(r) => navigate(planillaPath(t.idTramite, t.estadoTramite, r.idPlanilla))}
            emptyText="Ninguna atención señalada por este control."
          />
        </Flex>
      ) : (
        <Typography.Text type="secondary">
          Elija un control para ver las atenciones que señala y el motivo.
        </Typography.Text>
      )}
    </Flex>
  );
}
