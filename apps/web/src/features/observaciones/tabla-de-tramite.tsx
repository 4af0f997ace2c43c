import { MSG_OBSERVACION } from '@app/domain/observaciones/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { tablaDeConsulta } from '../../components/use-paged-list.ts';
import { planillaPath } from '../tramites/tramite-rules.ts';
import { type ObservacionItem, type ObservacionTramiteItem, obsApi, obsKeys } from './observaciones-api.ts';
import { PAGE_SIZE_OBS } from './observaciones-rules.ts';

/** An empty text of an observation or its answer shows as a dash. */
export const dash = (v: string | null | undefined) => v || '—';

type Textos = Pick<
  ObservacionItem,
  'observacionEstandar' | 'observacionComplementaria' | 'respuestaEstandar' | 'respuestaComplementaria'
>;

/** The observation's standard and complementary texts, as every list of observations shows them. */
export const columnasObservacion = <T extends Textos>(): TableColumnsType<T> => [
  { key: 'obs', title: 'Observación estándar', dataIndex: 'observacionEstandar' },
  { key: 'obsc', title: 'Observación complementaria', dataIndex: 'observacionComplementaria', render: dash },
];

/** The answer's standard and complementary texts, each in its own column. */
export const columnasRespuesta = <T extends Textos>(): TableColumnsType<T> => [
  { key: 'resp', title: 'Respuesta estándar', dataIndex: 'respuestaEstandar', render: dash },
  { key: 'respc', title: 'Respuesta complementaria', dataIndex: 'respuestaComplementaria', render: dash },
];

/** The attention's number, a link to its record. */
export const columnaNumero = (t: {
  idTramite: number;
  estadoTramite: string;
}): TableColumnsType<ObservacionTramiteItem>[number] => ({
  key: 'numero',
  title: 'Número',
  dataIndex: 'numero',
  width: 90,
  render: (v: string, o) => <Link to={planillaPath(t.idTramite, t.estadoTramite, o.idPlanilla)}>{v}</Link>,
});

/**
 * A page of a procedure's observations (`filtro`, PAGE_SIZE_OBS a page; the previous page stays on screen
 * while the next one loads) and `DataTable`'s props for it: a row per observation of either level, the
 * list's failure above the table.
 */
export function useObservacionesDeTramite(
  idTramite: number,
  filtro: Omit<Parameters<typeof obsApi.tramite>[1], 'page' | 'pageSize'>,
  page: number,
  onPage: (p: number) => void,
) {
  const query = { ...filtro, page, pageSize: PAGE_SIZE_OBS };
  const list = useQuery({
    queryKey: obsKeys.tramite(idTramite, query),
    queryFn: ({ signal }) => obsApi.tramite(idTramite, query, signal),
    placeholderData: keepPreviousData,
  });
  return {
    ...tablaDeConsulta(list, page, onPage),
    rowKey: (o: ObservacionTramiteItem) => `${o.nivel}-${o.id}`,
    emptyText: MSG_OBSERVACION.sinObservaciones,
    errorFallback: MSG_PLANILLA.errorLista,
  };
}
