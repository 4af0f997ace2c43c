import type { Page } from '@app/domain/catalogs/define';
import { formatCount } from '@app/domain/common/format';
import { parseId } from '@app/domain/common/ids';
import { MSG } from '@app/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Select, Skeleton } from 'antd';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { useListParams } from '../../components/use-list-params.ts';
import { api } from '../../lib/api.ts';
import { IncidenciasList } from '../cargas/carga-modals.tsx';
import type { Carga } from '../cargas/cargas-api.ts';
import type { TramiteDetalle } from '../tramites/tramites-api.ts';
import { EncabezadoPestana } from './encabezado-pestana.tsx';
import { cargaEtiqueta } from './revision-rules.ts';

export type NovedadesTabProps = { tramite: TramiteDetalle };

/**
 * 'Novedades' (supervisor tab, docs/spec-summary.md 000 §2): the warnings the data files raised when they were
 * loaded (a cédula with a bad check digit, a value that differs from the price list...), load by
 * load, row by row, paged by the server. They never blocked the load; the supervisor reads them
 * before assigning the audit.
 */
export default function NovedadesTab({ tramite: t }: NovedadesTabProps) {
  const params = useListParams({ namespace: 'nov', filterKeys: ['idCarga'] });
  const cargas = useQuery({
    queryKey: ['cargas', 'tramite', t.idTramite, 'novedades'],
    queryFn: ({ signal }) =>
      api<Page<Carga>>(`/tramites/${t.idTramite}/cargas`, { query: { page: 1, pageSize: 100 }, signal }),
  });
  const conNovedades = (cargas.data?.items ?? []).filter((c) => c.contadorNovedades > 0);
  const pedida = parseId(params.filters.idCarga);
  const carga = conNovedades.find((c) => c.idCarga === pedida) ?? conNovedades[0];

  if (cargas.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (cargas.isError)
    return (
      <ErrorRetry
        error={cargas.error}
        title="No se pudieron cargar las cargas."
        fallback={MSG.errorPeticion}
        onRetry={() => void cargas.refetch()}
      />
    );
  if (!carga)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Las cargas del trámite no tienen novedades." />
    );

  return (
    <Flex vertical gap={12} style={{ paddingTop: 8 }}>
      <EncabezadoPestana
        titulo="Novedades"
        descripcion="Advertencias de los archivos de datos: no impidieron la carga, pero conviene revisarlas."
      >
        <Select
          aria-label="Carga"
          value={carga.idCarga}
          onChange={(v: number) => params.setFilter('idCarga', v)}
          options={conNovedades.map((c) => ({
            value: c.idCarga,
            label: `${cargaEtiqueta(c)} — ${formatCount(c.contadorNovedades)} ${c.contadorNovedades === 1 ? 'fila' : 'filas'} con novedades`,
          }))}
          style={{ width: 420 }}
          popupMatchSelectWidth={false}
        />
      </EncabezadoPestana>
      {/* A block of its own: the list's error notice keeps its own margin above the rows. */}
      <div>
        <IncidenciasList
          target={{ carga, tipo: 'novedades' }}
          page={params.page}
          onPageChange={params.setPage}
          scrollY={null}
          spinnerOnRefetch={false}
        />
      </div>
    </Flex>
  );
}
