import { useQuery } from '@tanstack/react-query';
import { tramiteKeys, tramitesApi } from './tramites-api.ts';

/**
 * 'Trámite TR-2026-000006' for the breadcrumbs of the pages under a procedure: people know a
 * procedure by its number, never by its internal id (issue 14 §4). It reads the procedure's cached
 * detail (the page it came from already loaded it), so it rarely costs a request.
 */
export function useTituloTramite(idTramite: number | null | undefined): string {
  const q = useQuery({
    queryKey: tramiteKeys.detail(idTramite ?? 0),
    queryFn: ({ signal }) => tramitesApi.get(idTramite ?? 0, signal),
    enabled: !!idTramite,
    staleTime: 60_000,
  });
  return `Trámite ${q.data?.numero ?? '…'}`;
}
