import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, type InputRef, Select, type SelectProps, Switch } from 'antd';
import { type ChangeEvent, type ComponentProps, type Ref, useEffect, useMemo, useState } from 'react';
import { RefSelect } from '../catalog/catalog-selects.tsx';
import { DATE_INPUT_FORMAT, matchesSearch, withCurrentOption } from '../catalog/catalog-values.ts';
import type { Option, OptionSource } from './field-spec.ts';

/** A filter applied while typing that keeps the caret where the user is typing. */
function applyFilter(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>, filter: (s: string) => string) {
  if ((e.nativeEvent as InputEvent).isComposing) return;
  const el = e.target;
  const next = filter(el.value);
  if (next === el.value) return;
  const caret = el.selectionStart;
  el.value = next;
  if (caret !== null) {
    const pos = filter(e.target.value.slice(0, caret)).length;
    el.setSelectionRange(pos, pos);
  }
}

type TypedInputProps = ComponentProps<typeof Input> & {
  filter: ((s: string) => string) | null;
  ref?: Ref<InputRef>;
};

/** An input that upper-cases, strips or keeps digits as the user types (docs/spec-summary.md 002 §5). */
export function TypedInput({ filter, onChange, ref, ...rest }: TypedInputProps) {
  return (
    <Input
      {...rest}
      ref={ref}
      onChange={(e) => {
        if (filter) applyFilter(e, filter);
        onChange?.(e);
      }}
    />
  );
}

type TextAreaProps = ComponentProps<typeof Input.TextArea> & { upper?: boolean };
export function TypedTextArea({ upper, onChange, ...rest }: TextAreaProps) {
  return (
    <Input.TextArea
      {...rest}
      onChange={(e) => {
        if (upper) applyFilter(e, (s) => s.toUpperCase());
        onChange?.(e);
      }}
    />
  );
}

export function DateInput(props: ComponentProps<typeof DatePicker>) {
  return (
    <DatePicker style={{ width: '100%' }} format={DATE_INPUT_FORMAT} placeholder="dd/mm/aaaa" {...props} />
  );
}

export function FlagSwitch(props: ComponentProps<typeof Switch>) {
  return <Switch checkedChildren="Sí" unCheckedChildren="No" {...props} />;
}

type LoadedSource = Exclude<OptionSource, { catalog: string }>;

/** The options of a fixed list or an endpoint; a remote one is searched with `search` (2+ characters, debounced). */
function useOptions(source: LoadedSource, search: string) {
  const [debounced, setDebounced] = useState(search);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(search), 300);
    return () => clearTimeout(id);
  }, [search]);
  const loaded = 'load' in source ? source : null;
  const q = loaded?.remote && debounced.trim().length >= 2 ? debounced.trim() : undefined;
  const query = useQuery({
    queryKey: loaded ? ['opciones', ...loaded.key, q ?? ''] : ['opciones', 'static'],
    enabled: !!loaded,
    staleTime: 60_000,
    queryFn: ({ signal }): Promise<Option[]> => (loaded ? loaded.load(signal, q) : Promise.resolve([])),
  });
  useEffect(() => {
    // docs/spec-summary.md 002 §8: failures to load select data are only logged.
    if (query.error) console.warn('No se pudo cargar la lista de opciones:', query.error.message);
  }, [query.error]);
  const options = 'static' in source ? [...source.static] : (query.data ?? []);
  return { options, loading: query.isLoading, error: query.isError };
}

type OptionSelectProps = Omit<SelectProps, 'options'> & {
  source?: OptionSource;
  currentLabel?: string | null;
};

/** A select over an option source, searchable without accents; keeps the current value's label. */
export function OptionSelect({ source, currentLabel, ...rest }: OptionSelectProps) {
  if (source && 'catalog' in source)
    return (
      <RefSelect {...rest} catalog={source.catalog} labelField={source.label} currentLabel={currentLabel} />
    );
  return <LoadedSelect {...rest} source={source ?? { static: [] }} currentLabel={currentLabel} />;
}

function LoadedSelect({
  source,
  currentLabel,
  value,
  ...rest
}: OptionSelectProps & { source: LoadedSource }) {
  const [search, setSearch] = useState('');
  const remote = 'load' in source && !!source.remote;
  const { options, loading, error } = useOptions(source, search);
  const all = useMemo(() => withCurrentOption(options, value, currentLabel), [options, value, currentLabel]);
  return (
    <Select
      {...rest}
      value={value}
      options={all}
      loading={loading}
      placeholder={rest.placeholder ?? 'Seleccione'}
      notFoundContent={
        error
          ? 'No se pudo cargar la lista.'
          : remote && search.trim().length < 2
            ? 'Escriba al menos 2 caracteres para buscar'
            : undefined
      }
      showSearch={
        remote
          ? { filterOption: false, onSearch: setSearch }
          : { filterOption: (input, option) => matchesSearch(input, String(option?.label ?? '')) }
      }
    />
  );
}
