import { esPrevisualizable } from '@app/domain/archivos/rules';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { archivoKeys, archivosApi } from '../archivos/archivos-api.ts';
import { precargarVista } from '../archivos/vista-previa.ts';
import { detalleKeys, detallesApi } from '../detalles/detalles-api.ts';
import { type Planilla, planillaApi, planillaKeys } from './planilla-api.ts';

/*
 * The auditor's loop (issue 14 §1): while the auditor reads one attention, the next pending one is
 * looked up and everything its page shows first is fetched (the record, its line items and totals,
 * its documents and the first one's bytes), so 'Registrar revisión' opens it without a wait.
 */

/** Reviews sent and not yet answered: the pending lists and counts wait for them. */
const revisionesEnCurso = new Set<Promise<unknown>>();

/**
 * Sends a review once the reviews sent before it are answered (whatever the answer), and counts it
 * in flight meanwhile. In order: an auditor faster than the server (the page moves at the key
 * press) never has the server pick as 'next pending' one whose review is still on its way.
 */
export function registrarEnCurso<T>(enviar: () => Promise<T>): Promise<T> {
  const antes = [...revisionesEnCurso];
  const p = Promise.allSettled(antes).then(enviar);
  revisionesEnCurso.add(p);
  const fuera = () => revisionesEnCurso.delete(p);
  p.then(fuera, fuera);
  return p;
}

/** Resolves once every review sent so far has its answer (whatever it was). */
export async function esperarRevisiones(): Promise<void> {
  while (revisionesEnCurso.size > 0) await Promise.allSettled([...revisionesEnCurso]);
}

/** The first page of line items as the 'Detalle' tab asks for it (DetallesAuditoria's defaults). */
const DETALLES_INICIAL = { q: undefined, estado: '1' as const, page: 1, pageSize: 10 };
const ENLACE_MS = 4 * 60_000;
/** How long after an attention shows its next one is looked up. */
const ESPERA_MS = 300;

/** Fetches what the record page of attention `id` shows first; errors are left to the page itself. */
export async function precargarAtencion(queryClient: QueryClient, id: number): Promise<void> {
  const documento = async () => {
    const lista = await queryClient.fetchQuery({
      queryKey: archivoKeys.planilla(id, '', 1),
      queryFn: ({ signal }) => archivosApi.dePlanilla(id, '', 1, signal),
    });
    const primero = lista.items[0];
    if (!primero || !esPrevisualizable(primero.tipo)) return;
    const enlace = await queryClient.fetchQuery({
      queryKey: archivoKeys.enlace(primero.idArchivoPla),
      queryFn: () => archivosApi.enlace(primero.idArchivoPla, false),
      staleTime: ENLACE_MS,
      gcTime: ENLACE_MS,
    });
    await precargarVista(primero.idArchivoPla, enlace.url, primero.tamano);
  };
  await Promise.allSettled([
    queryClient.prefetchQuery({
      queryKey: planillaKeys.detail(id),
      queryFn: ({ signal }) => planillaApi.get(id, signal),
    }),
    queryClient.prefetchQuery({
      queryKey: detalleKeys.lista(id, DETALLES_INICIAL),
      queryFn: ({ signal }) => detallesApi.lista(id, DETALLES_INICIAL, signal),
    }),
    queryClient.prefetchQuery({
      queryKey: detalleKeys.totales(id),
      queryFn: ({ signal }) => detallesApi.totalesPlanilla(id, signal),
    }),
    documento(),
  ]);
}

/**
 * The next pending attention after `p` for this review type (null: none left), looked up once the
 * reviews in flight are answered, and prefetched. Undefined while unknown or when not `enabled`.
 */
const claveSiguiente = (p: Planilla, tipo: TipoRevision | null) =>
  planillaKeys.sub(p.idPlanilla, 'siguiente', [tipo, p.version, p.estadoAud, p.estadoDoc]);

/**
 * The next pending attention looked up ahead for `p` (null: none left; undefined: not known yet), read
 * at the key press: the record does not re-render when the lookup answers (decision 84).
 */
export const siguienteEnCache = (queryClient: QueryClient, p: Planilla, tipo: TipoRevision | null) =>
  queryClient.getQueryData<number | null>(claveSiguiente(p, tipo));

export function useSiguientePendiente(p: Planilla, tipo: TipoRevision | null, enabled: boolean) {
  const queryClient = useQueryClient();
  // Once this page has rendered and settled: the lookup and its fetches never compete with it.
  // (Per attention: the page stays mounted from one to the next.)
  const [asentadaEn, setAsentadaEn] = useState<number | null>(null);
  const asentada = asentadaEn === p.idPlanilla;
  useEffect(() => {
    const t = setTimeout(() => setAsentadaEn(p.idPlanilla), ESPERA_MS);
    return () => clearTimeout(t);
  }, [p.idPlanilla]);
  const q = useQuery({
    queryKey: claveSiguiente(p, tipo),
    queryFn: async ({ signal }) => {
      await esperarRevisiones();
      try {
        const r = await planillaApi.siguientePendiente(
          { idTramite: p.idTramite, idCarga: p.idCarga, tipo: tipo as TipoRevision, despuesDe: p.idPlanilla },
          signal,
        );
        return r.idPlanilla;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404 && e.code === 'SIN_PENDIENTES') return null;
        throw e;
      }
    },
    enabled: enabled && !!tipo && asentada,
    staleTime: 15_000,
    retry: false,
  });
  const siguiente = q.data;
  useEffect(() => {
    if (siguiente) void precargarAtencion(queryClient, siguiente);
  }, [siguiente, queryClient]);
  return siguiente;
}

/**
 * How many of the load still wait for this user's review: where they are in a long review. A
 * review still in flight (the page moved on at the key press) is counted once answered.
 */
export function usePendientesCarga(p: Planilla, tipo: TipoRevision | null, enabled: boolean) {
  return useQuery({
    queryKey: planillaKeys.sub(p.idPlanilla, 'pendientes', [
      p.idCarga,
      tipo,
      p.version,
      p.estadoAud,
      p.estadoDoc,
    ]),
    queryFn: async ({ signal }) => {
      await esperarRevisiones();
      return planillaApi.pendientes(
        { idTramite: p.idTramite, idCarga: p.idCarga, tipo: tipo as TipoRevision },
        signal,
      );
    },
    enabled: enabled && !!tipo,
  }).data?.pendientes;
}
