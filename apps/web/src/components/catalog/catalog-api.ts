import { getResource, type mensajeSchema, type Page, resourcePath } from '@app/domain';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import type { CatalogRow } from './catalog-values.ts';

/** The generic catalogue endpoints (apps/api/src/lib/crud.ts) and their TanStack Query keys. */
export type SaveResponse = { mensaje: string; item: CatalogRow; aviso?: string | null };
export type DeleteResponse = z.input<typeof mensajeSchema>;

/** Everything cached about one catalogue starts with `catalogKeys.all(name)`, so a save refreshes it all. */
export const catalogKeys = {
  all: (name: string) => ['catalogo', name] as const,
  list: (name: string, query: Record<string, unknown>) => ['catalogo', name, 'lista', query] as const,
  options: (name: string, labelField: string) => ['catalogo', name, 'opciones', labelField] as const,
};

/**
 * A declaration's API path: `/catalogos/{name}`, or its own (`/aseguradores`) for an administration
 * resource; a parent's rows (`/empresas/{id}/medios`) take the parent's id from `values`.
 */
const base = (name: string, values?: Record<string, unknown>) => {
  const def = getResource(name);
  return def ? resourcePath(def, values) : `/catalogos/${name}`;
};
const path = (name: string, id?: unknown, values?: Record<string, unknown>) =>
  id === undefined ? base(name, values) : `${base(name, values)}/${encodeURIComponent(String(id))}`;

export const fetchCatalogPage = (name: string, query: Record<string, unknown>, signal?: AbortSignal) =>
  api<Page<CatalogRow>>(path(name, undefined, query), { query, signal });

export const createCatalogRow = (name: string, body: Record<string, unknown>) =>
  api<SaveResponse>(path(name, undefined, body), { method: 'POST', body });

export const updateCatalogRow = (name: string, id: unknown, body: Record<string, unknown>) =>
  api<SaveResponse>(path(name, id, body), { method: 'PUT', body });

export const deleteCatalogRow = (name: string, id: unknown, row?: CatalogRow) =>
  api<DeleteResponse>(path(name, id, row), { method: 'DELETE' });

export const fetchCatalogRow = (name: string, id: unknown, signal?: AbortSignal) =>
  api<CatalogRow>(path(name, id), { signal });
