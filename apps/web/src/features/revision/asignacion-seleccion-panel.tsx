import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Key } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import type { UseListParams } from '../../components/use-list-params.ts';
import { tablaDeConsulta } from '../../components/use-paged-list.ts';
import type { TramiteDetalle } from '../tramites/tramites-api.ts';
import { asignacionColumns } from './asignacion-columns.tsx';
import { AsignacionFiltros } from './asignacion-filtros.tsx';
import {
  type Asignable,
  type CargaAsignacion,
  type PlanillaAsignacion,
  revisionApi,
  revisionKeys,
} from './revision-api.ts';
import { ASIGNACION_TEXTOS, type TipoAsignacion, tipoRevisionDe } from './revision-rules.ts';

const PAGE_SIZE = 10;

/** Attentions with their holder, filtered and paged by the server; check boxes pick the ones to assign. */
export function SeleccionPanel({
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
  params: UseListParams;
  usuarios: Asignable[];
  cargas: CargaAsignacion[];
  seleccion: number[];
  onSeleccion: (ids: number[]) => void;
}) {
  const textos = ASIGNACION_TEXTOS[tipo];
  const f = params.filters;
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

  return (
    <>
      <AsignacionFiltros params={params} estadoTitulo={textos.estado} usuarios={usuarios} cargas={cargas} />
      <DataTable<PlanillaAsignacion>
        ariaLabel="Atenciones para asignar"
        columns={asignacionColumns({ estadoTitulo: textos.estado, usuarios, cargas })}
        {...tablaDeConsulta(list, params.page, params.setPage)}
        pageSize={PAGE_SIZE}
        errorTitle={MSG_PLANILLA.errorLista}
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
