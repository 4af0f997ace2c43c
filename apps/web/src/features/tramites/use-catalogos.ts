import { useQuery } from '@tanstack/react-query';
import { tramiteKeys, tramitesApi } from './tramites-api.ts';

/** Providers the user may file procedures for (provider) or filter by (insurer staff). */
export function usePrestadores() {
  return useQuery({
    queryKey: tramiteKeys.prestadores,
    queryFn: ({ signal }) => tramitesApi.prestadores(signal),
    staleTime: 5 * 60_000,
  });
}

/** The service catalogue (Ambulatorio, Hospitalario). */
export function useServicios() {
  return useQuery({
    queryKey: ['catalogo', 'servicio', 'opciones-tramite'],
    queryFn: ({ signal }) => tramitesApi.servicios(signal),
    staleTime: 5 * 60_000,
  });
}
