import { type CatalogField, getResource } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { catalogKeys, fetchCatalogPage } from './catalog-api.ts';
import {
  type CatalogRow,
  type FormValues,
  matchesSearch,
  refOptions,
  refQuery,
  type SelectOption,
  withCurrentOption,
} from './catalog-values.ts';

/** The select of both: its options plus the current value's when not among them, 'Seleccione'. */
function OptionsSelect({
  options,
  value,
  currentLabel,
  ...rest
}: Omit<SelectProps, 'options'> & { options: SelectOption[]; currentLabel?: unknown }) {
  return (
    <Select
      {...rest}
      value={value}
      options={withCurrentOption(options, value, currentLabel)}
      placeholder="Seleccione"
    />
  );
}

type RefSelectProps = Omit<SelectProps, 'options'> & {
  catalog: string;
  labelField: string | readonly string[];
  currentLabel?: unknown;
};

/**
 * A select fed by another catalogue: its first 100 rows by label, and what the user types (2+
 * characters, 300 ms after the last key) searched by the API the way its list searches, so large
 * catalogues (elements, CIE-10) are reachable beyond the first 100 and accents never matter.
 */
export function RefSelect({ catalog, labelField, currentLabel, value, ...rest }: RefSelectProps) {
  const refDef = getResource(catalog);
  const first = typeof labelField === 'string' ? labelField : labelField[0];
  const sortable = refDef?.fields.some((f) => f.name === first);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setDebounced(search), 300);
    return () => clearTimeout(id);
  }, [search]);
  const params = refQuery(debounced, sortable ? first : undefined);
  const query = useQuery({
    queryKey: [...catalogKeys.options(catalog, String(labelField)), params],
    queryFn: ({ signal }) => fetchCatalogPage(catalog, params, signal),
    enabled: !!refDef,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    // The spec: failures to load select data are only logged.
    if (query.error) console.warn(`No se pudo cargar la lista de ${catalog}:`, query.error.message);
  }, [query.error, catalog]);
  return (
    <OptionsSelect
      {...rest}
      value={value}
      currentLabel={currentLabel}
      options={refDef ? refOptions(query.data?.items ?? [], refDef.idField, labelField) : []}
      loading={query.isFetching}
      notFoundContent={
        query.isError ? 'No se pudo cargar la lista.' : query.isFetching ? 'Buscando...' : 'Sin resultados'
      }
      showSearch={{
        // The API filters (accent-insensitive, every word); the options shown are its answer.
        filterOption: (input, option) =>
          input.trim().length >= 2 || matchesSearch(input, String(option?.label ?? '')),
        onSearch: setSearch,
      }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
    />
  );
}

type DependentSelectProps = Omit<SelectProps, 'options'> & {
  catalog: string;
  within: NonNullable<NonNullable<CatalogField['ref']>['within']>;
  fixed: FormValues;
  currentLabel?: unknown;
};

/** A select whose options depend on another field's value (the invoices of the chosen subscription's company). */
export function DependentSelect({
  catalog,
  within,
  fixed,
  currentLabel,
  value,
  ...rest
}: DependentSelectProps) {
  const watched = Form.useWatch(within.field, { preserve: true });
  const parent = fixed[within.field] ?? watched;
  const path = within.options.replace(`{${within.field}}`, encodeURIComponent(String(parent ?? '')));
  const query = useQuery({
    queryKey: ['opciones', path],
    queryFn: ({ signal }) => api<{ items: CatalogRow[] }>(path, { signal }),
    enabled: parent !== undefined && parent !== null && parent !== '',
    staleTime: 60_000,
  });
  const idField = getResource(catalog)?.idField ?? '';
  return (
    <OptionsSelect
      {...rest}
      value={value}
      currentLabel={currentLabel}
      options={(query.data?.items ?? []).map((r) => ({
        value: r[idField] as number,
        label: within.label(r),
      }))}
      loading={query.isFetching}
      showSearch={{ filterOption: (input, option) => matchesSearch(input, String(option?.label ?? '')) }}
    />
  );
}
