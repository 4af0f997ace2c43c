import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { ESTADOS_REVISION } from '@app/domain/planillas/permissions';
import type { PlanillaFila } from '@app/domain/planillas/types';
import { Button, Checkbox, Select, type TableColumnsType } from 'antd';
import { BarraFiltros } from '../../components/barra-filtros.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import type { UseListParams } from '../../components/use-list-params.ts';
import { fecha } from '../tramites/tramite-rules.ts';
import {
  apiQuery,
  type ColumnaPendiente,
  type ContextoLista,
  columnasPendientes,
  type Filtros,
  filtrosPendientes,
  PENDIENTES_KEYS,
} from './atenciones-rules.ts';
import type { AbrirRegistro } from './atenciones-tab.tsx';
import { CampoFiltro } from './campo-filtro.tsx';
import { useListaPlanillas } from './use-lista-planillas.ts';

const ESTADO_OPCIONES = ESTADOS_REVISION.map((e) => ({ value: e, label: e }));
const ESTADO_FILTROS = [
  ['estadoAud', 'Estado AM'],
  ['estadoDoc', 'Estado GD'],
] as const;

const DEFS: Record<ColumnaPendiente, TableColumnsType<PlanillaFila>[number]> = {
  idPlanilla: { key: 'idPlanilla', title: 'ID', dataIndex: 'idPlanilla', width: 90, sorter: true },
  cedula: { key: 'cedula', title: 'Cédula', dataIndex: 'cedula', width: 115, sorter: true },
  nombre: {
    key: 'nombre',
    title: 'Nombre',
    dataIndex: 'nombre',
    ellipsis: { showTitle: true },
    width: 240,
    sorter: true,
  },
  numeroExt: {
    key: 'numeroExt',
    title: 'Número Ext',
    dataIndex: 'numeroExt',
    width: 120,
    render: (v: string | null) => v ?? '',
  },
  estadoAud: {
    key: 'estadoAud',
    title: 'Estado AM',
    dataIndex: 'estadoAud',
    width: 110,
    render: (v: string | null) => <StateTag state={v} />,
  },
  estadoDoc: {
    key: 'estadoDoc',
    title: 'Estado GD',
    dataIndex: 'estadoDoc',
    width: 110,
    render: (v: string | null) => <StateTag state={v} />,
  },
  fechaDesde: {
    key: 'fechaDesde',
    title: 'Desde',
    dataIndex: 'fechaDesde',
    width: 105,
    sorter: true,
    render: (v: string) => fecha(v),
  },
  fechaHasta: {
    key: 'fechaHasta',
    title: 'Hasta',
    dataIndex: 'fechaHasta',
    width: 105,
    render: (v: string) => fecha(v),
  },
};

/**
 * The pending list (docs/spec-summary.md 000 §2 "Pending list and record search"): the user's pending attentions
 * (estadoAud for AM, estadoDoc for GD, either for 16), filtered by state and by a missing external
 * number. Double-click opens the record (Ctrl/Cmd or the middle button: its popup).
 */
export function ListaPendientes({
  ctx,
  params,
  onAbrir,
}: {
  ctx: ContextoLista;
  params: UseListParams;
  onAbrir: AbrirRegistro;
}) {
  const filtros = params.filters as Filtros;
  const q = apiQuery(ctx, 'PENDIENTES', params);
  const { list, table } = useListaPlanillas(q, params);
  const estado = list.data?.estadoTramite ?? ctx.estadoTramite;
  const ver = filtrosPendientes(ctx.idPerfil, estado);
  const columns = columnasPendientes(ctx.idPerfil, estado).map((c) => DEFS[c]);
  const hay = PENDIENTES_KEYS.some((k) => filtros[k]);

  return (
    <>
      <BarraFiltros ariaLabel="Filtros de pendientes" etiquetados>
        {ESTADO_FILTROS.filter(([k]) => ver[k]).map(([k, label]) => (
          <CampoFiltro key={k} id={`pend-${k}`} label={label}>
            <Select
              aria-labelledby={`pend-${k}`}
              allowClear
              placeholder="Todos"
              style={{ width: 160 }}
              options={ESTADO_OPCIONES}
              value={filtros[k]}
              onChange={(v: string | undefined) => params.setFilter(k, v ?? null)}
            />
          </CampoFiltro>
        ))}
        <Checkbox
          checked={filtros.sinNumeroExt === '1'}
          onChange={(e) => params.setFilter('sinNumeroExt', e.target.checked ? '1' : null)}
          style={{ paddingBottom: 6 }}
        >
          Solo sin número externo
        </Checkbox>
        <Button
          type="link"
          disabled={!hay}
          onClick={() => params.update({ filters: { estadoAud: null, estadoDoc: null, sinNumeroExt: null } })}
        >
          Limpiar filtros
        </Button>
      </BarraFiltros>
      <DataTable<PlanillaFila>
        ariaLabel="Atenciones pendientes"
        columns={columns}
        {...table}
        onRowDoubleClick={(row, e) => onAbrir(row.idPlanilla, e)}
        middleClick
        emptyText={MSG_PLANILLA.sinCoincidencias}
        errorFallback={MSG_PLANILLA.errorLista}
      />
    </>
  );
}
