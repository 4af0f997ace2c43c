import {
  CheckOutlined,
  DeleteOutlined,
  DownOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  RollbackOutlined,
  SelectOutlined,
} from '@ant-design/icons';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { PlanillaFila } from '@app/domain/planillas/types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Dropdown,
  Flex,
  type MenuProps,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { DataTable } from '../../components/data-table.tsx';
import type { FormatoExport } from '../../components/exportar.ts';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import type { UseListParams } from '../../components/use-list-params.ts';
import { conMontos } from '../detalles/montos-column.tsx';
import { TotalesTramiteBar } from '../detalles/totales-resumen.tsx';
import { fecha } from '../tramites/tramite-rules.ts';
import { tramiteKeys } from '../tramites/tramites-api.ts';
import {
  apiQuery,
  type ColumnaAtencion,
  type ContextoLista,
  columnasAtenciones,
  controlLabel,
  cuentaIds,
  dobleClicAbre,
  exportQuery,
  FILTER_KEYS,
  type Filtros,
  hayFiltros,
  OPCION_LABELS,
  type OpcionAtencion,
  opcionesAtencion,
  opcionesDeshabilitadas,
  PANEL_KEYS,
  puedeMarcarTodas,
  puedeNivel,
  type VistaLista,
  vistaTrasFiltrar,
} from './atenciones-rules.ts';
import type { AbrirRegistro } from './atenciones-tab.tsx';
import { FiltrosPanel } from './filtros-panel.tsx';
import { planillaKeys, planillasApi } from './planillas-api.ts';
import type { ResumenTarget } from './resumen-modal.tsx';
import './planillas.css';
import { useEnvio } from '../../app/use-envio.ts';

const OPCION_ICONS: Record<OpcionAtencion, ReactNode> = {
  resumen: <FileSearchOutlined aria-hidden />,
  detalles: <SelectOutlined aria-hidden />,
  borrar: <DeleteOutlined aria-hidden />,
  restaurar: <RollbackOutlined aria-hidden />,
};

const NIVEL_NOMBRE = { 1: 'Primer Nivel', 2: 'Segundo Nivel' } as const;

export type TablaAtencionesProps = {
  ctx: ContextoLista;
  idUsuario: number;
  vista: VistaLista;
  params: UseListParams;
  onResumen: (t: ResumenTarget) => void;
  onAbrir: AbrirRegistro;
};

/** The attention table of the views Todas, Revisadas, Anuladas and Filtros, and of the tab without documents. */
export function TablaAtenciones({ ctx, idUsuario, vista, params, onResumen, onAbrir }: TablaAtencionesProps) {
  const feedback = useFeedback();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { idPerfil, estadoTramite, idTramite } = ctx;
  const filtros = params.filters as Filtros;
  const q = apiQuery(ctx, vista, params);

  const list = useQuery({
    queryKey: planillaKeys.list(q),
    queryFn: ({ signal }) => planillasApi.list(q, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  // The server says which state columns this user sees now; until it answers, the same rule locally.
  const columnasVisibles = columnasAtenciones(idPerfil, list.data?.estadoTramite ?? estadoTramite);

  const refrescar = () => {
    void queryClient.invalidateQueries({ queryKey: planillaKeys.all });
    void queryClient.invalidateQueries({ queryKey: tramiteKeys.detail(idTramite) });
  };

  // Row toggles may run side by side (one per row): plain mutations.
  const nivel = useMutation({
    mutationFn: ({ row, n }: { row: PlanillaFila; n: 1 | 2 }) =>
      planillasApi.nivel(row.idPlanilla, n, row.version),
    onSuccess: (r) => message.success(r.mensaje),
    onError: (e: Error) => feedback.errorDialog(MSG_PLANILLA.nivelError, e.message),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: planillaKeys.all }),
  });
  const nivelCarga = useEnvio({
    mutationFn: ({ idCarga, n }: { idCarga: number; n: 1 | 2 }) => planillasApi.nivelCarga(idCarga, n),
    onSuccess: (r) => feedback.success(r.mensaje),
    onError: (e: Error, v) => feedback.errorDialog(MSG_PLANILLA.nivelesError(v.n), e.message),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: planillaKeys.all }),
  });
  const estadoFila = useMutation({
    mutationFn: ({ row, borrar }: { row: PlanillaFila; borrar: boolean }) =>
      borrar ? planillasApi.borrar(row.idPlanilla) : planillasApi.restaurar(row.idPlanilla),
    onSuccess: (r) => feedback.success(r.mensaje),
    onError: (e: Error, v) =>
      feedback.errorDialog(
        v.borrar ? MSG_PLANILLA.noSePudoEliminar : 'No se pudo restaurar la planilla.',
        e.message,
      ),
    onSettled: refrescar,
  });

  const [exportando, setExportando] = useState(false);
  async function exportar(formato: FormatoExport) {
    if (list.data && total === 0) {
      message.warning(MSG_PLANILLA.noHayDatosExportar);
      return;
    }
    setExportando(true);
    try {
      await planillasApi.exportar(exportQuery(q), formato);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) message.warning(e.message);
      else feedback.errorDialog('Error al descargar el archivo', (e as Error).message);
    } finally {
      setExportando(false);
    }
  }

  function aplicar(draft: Filtros) {
    const next: Record<string, string | null> = {};
    for (const k of PANEL_KEYS) next[k] = draft[k]?.trim() || null;
    // The tab without documents has no views: its filters never move it to FILTROS.
    if (ctx.modo === 'atenciones') {
      const nueva = vistaTrasFiltrar(vista, { ...filtros, ...draft });
      next.vista = nueva === 'TODAS' ? null : nueva;
    }
    params.update({ filters: next });
  }
  function limpiar() {
    const next: Record<string, null | string> = {};
    for (const k of FILTER_KEYS) next[k] = null;
    next.vista = vista === 'FILTROS' || vista === 'TODAS' ? null : vista;
    params.update({ filters: next });
  }
  function quitar(k: 'control' | 'ids') {
    const nueva = vistaTrasFiltrar(vista, { ...filtros, [k]: undefined });
    params.update({
      filters:
        ctx.modo === 'atenciones' ? { [k]: null, vista: nueva === 'TODAS' ? null : nueva } : { [k]: null },
    });
  }

  const idCargaSel = ctx.idCargaFija ?? (filtros.idCarga ? Number(filtros.idCarga) : undefined);
  function marcarTodas(n: 1 | 2) {
    if (!idCargaSel) {
      message.warning(MSG_PLANILLA.seleccioneCarga);
      return;
    }
    feedback.modal.confirm({
      title: `¿Marcar todas las atenciones de la carga ${idCargaSel} en ${NIVEL_NOMBRE[n]}?`,
      content: 'El nivel de cada atención activa de la carga cambiará, aunque no aparezca en esta página.',
      okText: 'Marcar todas',
      cancelText: 'Cancelar',
      onOk: () => nivelCarga.mutateAsync({ idCarga: idCargaSel, n }).catch(() => undefined),
    });
  }

  function confirmarBorrar(row: PlanillaFila) {
    feedback.modal.confirm({
      title: `¿Borrar la atención ${row.numero}?`,
      content: `La atención de ${row.nombre} (cédula ${row.cedula}) pasará a Anuladas y dejará de contar en el trámite. Un supervisor podrá restaurarla.`,
      okText: 'Borrar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => estadoFila.mutateAsync({ row, borrar: true }).catch(() => undefined),
    });
  }

  function onOpcion(row: PlanillaFila, op: OpcionAtencion) {
    if (op === 'resumen') onResumen({ idPlanilla: row.idPlanilla, numero: row.numero, tab: 'informacion' });
    else if (op === 'detalles') onAbrir(row.idPlanilla, { ctrlKey: false, metaKey: false, button: 0 });
    else if (op === 'borrar') confirmarBorrar(row);
    else estadoFila.mutate({ row, borrar: false });
  }

  function abrirFila(row: PlanillaFila, e: { ctrlKey: boolean; metaKey: boolean; button: number }) {
    if (dobleClicAbre(idPerfil) === 'resumen')
      onResumen({ idPlanilla: row.idPlanilla, numero: row.numero, tab: 'informacion' });
    else onAbrir(row.idPlanilla, e);
  }

  const user = { idPerfil, idUsuario };
  const marcar = puedeMarcarTodas(idPerfil, estadoTramite) && vista !== 'ANULADAS';
  const finalizado = opcionesDeshabilitadas(estadoTramite);

  const nivelColumn = (n: 1 | 2): TableColumnsType<PlanillaFila>[number] => ({
    key: `nivel${n}`,
    width: 70,
    align: 'center',
    title: (
      <Flex vertical align="center" gap={0}>
        <span style={{ whiteSpace: 'normal', lineHeight: 1.2 }}>{NIVEL_NOMBRE[n]}</span>
        {marcar && (
          <Tooltip title={idCargaSel ? `Toda la carga ${idCargaSel}` : MSG_PLANILLA.seleccioneCarga}>
            <Button
              size="small"
              type="link"
              style={{ padding: 0, height: 20, fontSize: 12 }}
              loading={nivelCarga.isPending && nivelCarga.variables?.n === n}
              onClick={() => marcarTodas(n)}
              aria-label={`Marcar todas las atenciones de la carga en ${NIVEL_NOMBRE[n]}`}
            >
              Marcar todas
            </Button>
          </Tooltip>
        )}
      </Flex>
    ),
    render: (_: unknown, row) => (
      <Checkbox
        aria-label={`${NIVEL_NOMBRE[n]} de la atención ${row.numero}`}
        checked={row.nivel === n}
        disabled={
          !puedeNivel(user, estadoTramite, row) ||
          (nivel.isPending && nivel.variables?.row.idPlanilla === row.idPlanilla)
        }
        onChange={(e) => {
          if (e.target.checked && row.nivel !== n) nivel.mutate({ row, n });
        }}
      />
    ),
  });

  const defs: Record<ColumnaAtencion, TableColumnsType<PlanillaFila>[number]> = {
    numero: { key: 'numero', title: 'Número', dataIndex: 'numero', sorter: true, width: 88 },
    fechaDesde: {
      key: 'fechaDesde',
      title: 'F. atención',
      dataIndex: 'fechaDesde',
      sorter: true,
      width: 94,
      render: (v: string) => fecha(v),
    },
    cedula: { key: 'cedula', title: 'Cédula', dataIndex: 'cedula', sorter: true, width: 94 },
    nombre: {
      key: 'nombre',
      title: 'Nombre',
      dataIndex: 'nombre',
      sorter: true,
      ellipsis: { showTitle: true },
      width: 130,
    },
    cedulaMedico: {
      key: 'cedulaMedico',
      title: 'C.I. médico',
      dataIndex: 'cedulaMedico',
      width: 94,
      render: (v: string | null, row) =>
        v ? (
          <Tooltip title={row.nombreMedico ?? undefined}>
            <span>{v}</span>
          </Tooltip>
        ) : (
          ''
        ),
    },
    diag1: {
      key: 'diag1',
      title: 'Diag1',
      dataIndex: 'diag1',
      width: 56,
      render: (v: string | null, row) =>
        v ? (
          <Tooltip title={row.diag1Nombre ?? 'Diagnóstico no encontrado'}>
            <span>{v}</span>
          </Tooltip>
        ) : (
          ''
        ),
    },
    estadoAud: {
      key: 'estadoAud',
      title: 'Estado AM',
      dataIndex: 'estadoAud',
      width: 92,
      render: (v: string | null) => <StateTag state={v} />,
    },
    estadoDoc: {
      key: 'estadoDoc',
      title: 'Estado GD',
      dataIndex: 'estadoDoc',
      width: 92,
      render: (v: string | null) => <StateTag state={v} />,
    },
    duplicada: {
      key: 'duplicada',
      title: 'Dup.',
      dataIndex: 'duplicada',
      width: 48,
      align: 'center',
      render: (v: number) =>
        v === 1 ? (
          <Tooltip title="Atención duplicada">
            <CheckOutlined role="img" aria-label="Duplicada" style={{ color: '#cf1322' }} />
          </Tooltip>
        ) : null,
    },
    archivos: {
      key: 'archivos',
      title: 'Ver Archivos',
      width: 72,
      align: 'center',
      render: (_: unknown, row) => (
        <Button
          size="small"
          type="link"
          icon={<FolderOpenOutlined aria-hidden />}
          aria-label={`Ver archivos de la atención ${row.numero} (${row.numArchivos})`}
          onClick={() => onResumen({ idPlanilla: row.idPlanilla, numero: row.numero, tab: 'archivos' })}
        >
          {row.numArchivos}
        </Button>
      ),
    },
    nivel1: nivelColumn(1),
    nivel2: nivelColumn(2),
    opciones: {
      key: 'opciones',
      title: 'Opciones',
      width: 100,
      align: 'center',
      fixed: 'right',
      render: (_: unknown, row) => {
        const items: MenuProps['items'] = opcionesAtencion(idPerfil, row).map((op) => ({
          key: op,
          icon: OPCION_ICONS[op],
          label: OPCION_LABELS[op],
          danger: op === 'borrar',
          disabled: (op === 'borrar' || op === 'restaurar') && estadoFila.isPending,
        }));
        const boton = (
          <Button
            size="small"
            disabled={finalizado}
            aria-label={`Opciones de la atención ${row.numero}`}
            onClick={(e) => e.stopPropagation()}
          >
            Opciones <DownOutlined aria-hidden />
          </Button>
        );
        if (finalizado)
          return (
            <Tooltip title="El trámite está FINALIZADO.">
              <span>{boton}</span>
            </Tooltip>
          );
        return (
          <Dropdown
            trigger={['click']}
            autoFocus
            menu={{
              items,
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                onOpcion(row, key as OpcionAtencion);
              },
            }}
          >
            {boton}
          </Dropdown>
        );
      },
    },
  };
  const columns = conMontos(columnasVisibles.map((c) => defs[c]));

  const control = controlLabel(filtros.control);
  const nIds = cuentaIds(filtros.ids);
  const emptyText =
    ctx.modo === 'sin-documentacion' && !hayFiltros(filtros)
      ? MSG_PLANILLA.sinArchivos
      : hayFiltros(filtros)
        ? MSG_PLANILLA.sinCoincidencias
        : MSG_PLANILLA.sinPlanillas;

  return (
    <>
      {feedback.contextHolder}
      {ctx.modo === 'sin-documentacion' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          Atenciones activas del trámite que aún no tienen documentos de respaldo cargados.
        </Typography.Paragraph>
      )}
      <FiltrosPanel
        idTramite={idTramite}
        idPerfil={idPerfil}
        estadoTramite={estadoTramite}
        idCargaFija={ctx.idCargaFija}
        filtros={filtros}
        onAplicar={aplicar}
        onLimpiar={limpiar}
        onExportar={(formato) => void exportar(formato)}
        exportando={exportando}
      />
      {(control || (filtros.control && !control)) && (
        <Alert
          type="info"
          showIcon
          style={{ margin: '8px 0' }}
          title={control ? `Atenciones señaladas por el ${control}.` : 'Control no válido.'}
          action={
            <Button size="small" onClick={() => quitar('control')}>
              Quitar
            </Button>
          }
        />
      )}
      {nIds > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ margin: '8px 0' }}
          title={`Mostrando ${nIds === 1 ? '1 atención seleccionada' : `${nIds} atenciones seleccionadas`}.`}
          action={
            <Button size="small" onClick={() => quitar('ids')}>
              Quitar
            </Button>
          }
        />
      )}
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ margin: '8px 0' }}
          title={MSG_PLANILLA.errorLista}
          description={list.error.message}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              Reintentar
            </Button>
          }
        />
      )}
      <DataTable<PlanillaFila>
        ariaLabel="Atenciones médicas"
        className="pl-tabla"
        paging="extremos"
        fixedLayout
        columns={columns}
        rows={rows}
        total={total}
        page={params.page}
        loading={list.isFetching}
        onPageChange={params.setPage}
        sort={params.sort}
        onSort={(s) => params.setSort(s ?? 'numero')}
        rowKey="idPlanilla"
        onRowDoubleClick={abrirFila}
        middleClick={dobleClicAbre(idPerfil) === 'registro'}
        emptyText={emptyText}
      />
      <TotalesTramiteBar idTramite={idTramite} />
    </>
  );
}
