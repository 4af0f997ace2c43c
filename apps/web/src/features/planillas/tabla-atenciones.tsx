import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { PlanillaFila } from '@app/domain/planillas/types';
import { Alert, App, Button, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import type { FormatoExport } from '../../components/exportar.ts';
import { useFeedback } from '../../components/use-feedback.tsx';
import type { UseListParams } from '../../components/use-list-params.ts';
import { ApiError } from '../../lib/api.ts';
import { conMontos } from '../detalles/montos-column.tsx';
import { TotalesTramiteBar } from '../detalles/totales-resumen.tsx';
import { atencionesColumns, NIVEL_NOMBRE } from './atenciones-columns.tsx';
import {
  apiQuery,
  type ContextoLista,
  columnasAtenciones,
  controlLabel,
  cuentaIds,
  dobleClicAbre,
  exportQuery,
  FILTER_KEYS,
  type Filtros,
  hayFiltros,
  type OpcionAtencion,
  opcionesDeshabilitadas,
  PANEL_KEYS,
  puedeMarcarTodas,
  type VistaLista,
  vistaTrasFiltrar,
} from './atenciones-rules.ts';
import type { AbrirRegistro } from './atenciones-tab.tsx';
import { FiltrosPanel } from './filtros-panel.tsx';
import { planillasApi } from './planillas-api.ts';
import type { ResumenTarget } from './resumen-modal.tsx';
import { useAtencionAcciones } from './use-atencion-acciones.ts';
import { useListaPlanillas } from './use-lista-planillas.ts';
import './planillas.css';

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
  const { idPerfil, estadoTramite, idTramite } = ctx;
  const filtros = params.filters as Filtros;
  const q = apiQuery(ctx, vista, params);

  const { list, table } = useListaPlanillas(q, params);
  const { total } = table;
  // The server says which state columns this user sees now; until it answers, the same rule locally.
  const columnasVisibles = columnasAtenciones(idPerfil, list.data?.estadoTramite ?? estadoTramite);

  const acciones = useAtencionAcciones(idTramite, feedback);
  const { nivelCarga, estadoFila } = acciones;

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

  const defs = atencionesColumns({
    idPerfil,
    idUsuario,
    estadoTramite,
    marcar: puedeMarcarTodas(idPerfil, estadoTramite) && vista !== 'ANULADAS',
    idCargaSel,
    finalizado: opcionesDeshabilitadas(estadoTramite),
    acciones,
    onMarcarTodas: marcarTodas,
    onOpcion,
    onResumen,
  });
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
      <DataTable<PlanillaFila>
        ariaLabel="Atenciones médicas"
        className="pl-tabla"
        paging="extremos"
        columns={columns}
        {...table}
        errorTitle={MSG_PLANILLA.errorLista}
        onRowDoubleClick={abrirFila}
        middleClick={dobleClicAbre(idPerfil) === 'registro'}
        emptyText={emptyText}
      />
      <TotalesTramiteBar idTramite={idTramite} />
    </>
  );
}
