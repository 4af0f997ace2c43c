import type { Page } from '@app/domain';
import { api } from '../../app/api.ts';
import type { CatalogRow } from './catalog-values.ts';

/** The generic catalogue endpoints (apps/api/src/lib/crud.ts) and their TanStack Query keys. */
export type SaveResponse = { mensaje: string; item: CatalogRow };
export type DeleteResponse = { mensaje: string };

/** Everything cached about one catalogue starts with `catalogKeys.all(name)`, so a save refreshes it all. */
export const catalogKeys = {
  all: (name: string) => ['catalogo', name] as const,
  list: (name: string, query: Record<string, unknown>) => ['catalogo', name, 'lista', query] as const,
  options: (name: string, labelField: string) => ['catalogo', name, 'opciones', labelField] as const,
};

const path = (name: string, id?: unknown) =>
  id === undefined ? `/catalogos/${name}` : `/catalogos/${name}/${encodeURIComponent(String(id))}`;

export const fetchCatalogPage = (name: string, query: Record<string, unknown>, signal?: AbortSignal) =>
  api<Page<CatalogRow>>(path(name), { query, signal });

export const createCatalogRow = (name: string, body: Record<string, unknown>) =>
  api<SaveResponse>(path(name), { method: 'POST', body });

export const updateCatalogRow = (name: string, id: unknown, body: Record<string, unknown>) =>
  api<SaveResponse>(path(name, id), { method: 'PUT', body });

export const deleteCatalogRow = (name: string, id: unknown) =>
  api<DeleteResponse>(path(name, id), { method: 'DELETE' });

export const fetchCatalogRow = (name: string, id: unknown, signal?: AbortSignal) =>
  api<CatalogRow>(path(name, id), { signal });
