import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { formatMoney } from '@app/domain/common/format';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { BusquedaFila } from '@app/domain/planillas/types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, InputNumber, Select, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { BarraFiltros } from '../../components/barra-filtros.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { fecha } from '../tramites/tramite-rules.ts';
import type { AbrirRegistro } from './atenciones-tab.tsx';
import {
  BUSQUEDA_INICIAL,
  type Busqueda,
  borrarBusqueda,
  buscarQuery,
  errorBusqueda,
  guardarBusqueda,
  leerBusqueda,
  TIPOS_BUSQUEDA_OPCIONES,
  type TipoBusqueda,
} from './busqueda.ts';
import { CampoFiltro } from './campo-filtro.tsx';
import { planillaKeys, planillasApi } from './planillas-api.ts';

const storage = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);

const COLUMNS: TableColumnsType<BusquedaFila> = [
  { key: 'numero', title: 'Número', dataIndex: 'numero', width: 110 },
  { key: 'cedula', title: 'Cédula', dataIndex: 'cedula', width: 115 },
  { key: 'nombre', title: 'Nombre', dataIndex: 'nombre', ellipsis: { showTitle: true }, width: 240 },
  { key: 'diagnosticos', title: 'Diagnósticos', dataIndex: 'diagnosticos', width: 170 },
  {
    key: 'fechaDesde',
    title: 'F. desde',
    dataIndex: 'fechaDesde',
    width: 105,
    render: (v: string) => fecha(v),
  },
  {
    key: 'fechaHasta',
    title: 'F. hasta',
    dataIndex: 'fechaHasta',
    width: 105,
    render: (v: string) => fecha(v),
  },
  {
    key: 'total',
    title: 'Total',
    dataIndex: 'total',
    width: 110,
    align: 'right',
    render: (v: string) => formatMoney(v),
  },
];

const PLACEHOLDER: Record<Exclude<TipoBusqueda, 'total'>, string> = {
  codigos: 'Código de servicio (p. ej. 99203)',
  nombres: 'Nombre del paciente',
  diagnosticos: 'Código CIE-10 o descripción',
};

/**
 * The record search (docs/spec-summary.md 000 §2): by service codes, patient names, diagnoses or a range of the
 * total; 'Buscar todos' / 'Buscar pendientes' / 'Quitar filtros'. Filters persist for the session.
 * Double-click opens the record popup (1200×800).
 */
export function BusquedaAtenciones({ idTramite, onAbrir }: { idTramite: number; onAbrir: AbrirRegistro }) {
  const [busqueda, setBusqueda] = useState<Busqueda>(() => leerBusqueda(storage(), idTramite));
  const [draft, setDraft] = useState<Busqueda>(busqueda);
  const [error, setError] = useState<string | null>(null);

  const q = buscarQuery(idTramite, busqueda);
  const list = useQuery({
    queryKey: planillaKeys.buscar(q),
    queryFn: ({ signal }) => planillasApi.buscar(q, signal),
    placeholderData: keepPreviousData,
  });

  function ejecutar(b: Busqueda) {
    const err = errorBusqueda(b);
    setError(err);
    if (err) return;
    setBusqueda(b);
    guardarBusqueda(storage(), idTramite, b);
  }
  const buscar = (soloPendientes: boolean) => ejecutar({ ...draft, soloPendientes, page: 1 });
  function quitar() {
    borrarBusqueda(storage(), idTramite);
    setDraft(BUSQUEDA_INICIAL);
    setBusqueda(BUSQUEDA_INICIAL);
    setError(null);
  }

  const tipo = draft.tipo;
  return (
    <>
      <BarraFiltros ariaLabel="Buscar atenciones" etiquetados>
        <CampoFiltro id="bus-tipo" label="Buscar por">
          <Select<TipoBusqueda>
            aria-labelledby="bus-tipo"
            allowClear
            placeholder="Seleccione"
            style={{ width: 170 }}
            options={TIPOS_BUSQUEDA_OPCIONES.map((o) => ({ ...o }))}
            value={tipo}
            onChange={(v) => setDraft((d) => ({ ...d, tipo: v, valor: undefined, desde: null, hasta: null }))}
          />
        </CampoFiltro>
        {tipo && tipo !== 'total' && (
          <CampoFiltro id="bus-valor" label="Valor">
            <Input
              aria-labelledby="bus-valor"
              allowClear
              maxLength={200}
              style={{ width: 280, textTransform: 'uppercase' }}
              placeholder={PLACEHOLDER[tipo]}
              value={draft.valor ?? ''}
              onChange={(e) => setDraft((d) => ({ ...d, valor: e.target.value }))}
              onPressEnter={() => buscar(draft.soloPendientes)}
            />
          </CampoFiltro>
        )}
        {tipo === 'total' &&
          (['desde', 'hasta'] as const).map((k) => (
            <CampoFiltro key={k} id={`bus-${k}`} label={`Total ${k}`}>
              <InputNumber<number>
                aria-labelledby={`bus-${k}`}
                min={0}
                step={1}
                decimalSeparator=","
                style={{ width: 150 }}
                value={draft[k] ?? null}
                onChange={(v) => setDraft((d) => ({ ...d, [k]: v }))}
                onPressEnter={() => buscar(draft.soloPendientes)}
              />
            </CampoFiltro>
          ))}
        <Button type="primary" icon={<SearchOutlined aria-hidden />} onClick={() => buscar(false)}>
          Buscar todos
        </Button>
        <Button icon={<SearchOutlined aria-hidden />} onClick={() => buscar(true)}>
          Buscar pendientes
        </Button>
        <Button type="link" icon={<ClearOutlined aria-hidden />} onClick={quitar}>
          Quitar filtros
        </Button>
      </BarraFiltros>
      {error && <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={error} />}
      {busqueda.soloPendientes && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          Mostrando solo las atenciones pendientes de su revisión.
        </Typography.Paragraph>
      )}
      <DataTable<BusquedaFila>
        ariaLabel="Resultados de la búsqueda"
        columns={COLUMNS}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={busqueda.page}
        loading={list.isFetching}
        onPageChange={(page) => ejecutar({ ...busqueda, page })}
        rowKey="idPlanilla"
        onRowDoubleClick={(row, e) => onAbrir(row.idPlanilla, e, true)}
        middleClick
        fixedLayout
        emptyText={MSG_PLANILLA.sinResultados}
        consulta={list}
        errorFallback={MSG_PLANILLA.errorLista}
      />
    </>
  );
}
