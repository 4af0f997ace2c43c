import { foldText, type Page, stripNameChars, stripNonDigits } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, type InputRef, Select, type SelectProps, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ChangeEvent, type ComponentProps, type Ref, useEffect, useMemo, useState } from 'react';
import { api } from '../../../lib/api.ts';

export type Option = { value: string | number; label: string };

/** Where a select's options come from. */
export type OptionSource =
  | { static: readonly Option[] }
  /** A catalogue of /api/v1/catalogos; `remote` searches as the user types (long lists such as localidad). */
  | { catalog: string; idField: string; label: string | readonly string[]; remote?: boolean }
  | {
      key: readonly unknown[];
      load: (signal?: AbortSignal, q?: string) => Promise<Option[]>;
      remote?: boolean;
    };

export type FieldKind =
  | 'text'
  | 'upper'
  | 'letters'
  | 'digits'
  | 'email'
  | 'password'
  | 'textarea'
  | 'date'
  | 'select'
  | 'switch';

export type FieldSpec = {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
  options?: OptionSource;
  /** Grid span of 24. */
  span?: 6 | 8 | 12 | 16 | 24;
  disabled?: boolean;
  placeholder?: string;
  /** Label of the current value of a select when editing (shown before the options arrive). */
  currentLabelField?: string;
  autoComplete?: string;
};

export const DATE_FORMAT = 'DD/MM/YYYY';

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

/** The typing filter of a field kind: upper-case, letters only (names), digits only. */
export function typingFilter(kind: FieldKind, maxLength?: number): ((s: string) => string) | null {
  switch (kind) {
    case 'upper':
      return (s) => s.toUpperCase();
    case 'letters':
      return (s) => stripNameChars(s).toUpperCase();
    case 'digits':
      return (s) => stripNonDigits(s, maxLength);
    default:
      return null;
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

const labelOf = (row: Record<string, unknown>, label: string | readonly string[]) =>
  (typeof label === 'string' ? [label] : label)
    .map((k) => row[k])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ');

/** The options of a source; remote catalogues are searched with `search` (at least 2 characters, debounced). */
export function useOptions(source: OptionSource | undefined, search = '') {
  const [debounced, setDebounced] = useState(search);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(search), 300);
    return () => clearTimeout(id);
  }, [search]);
  const remote = !!source && !('static' in source) && !!source.remote;
  const q = remote && debounced.trim().length >= 2 ? debounced.trim() : undefined;
  const query = useQuery({
    queryKey: source
      ? 'static' in source
        ? ['opciones', 'static']
        : 'catalog' in source
          ? ['catalogo', source.catalog, 'opciones', source.label, q ?? '']
          : ['opciones', ...source.key, q ?? '']
      : ['opciones', 'ninguna'],
    enabled: !!source && !('static' in source),
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<Option[]> => {
      if (!source || 'static' in source) return [];
      if ('load' in source) return source.load(signal, q);
      const page = await api<Page<Record<string, unknown>>>(`/catalogos/${source.catalog}`, {
        query: { page: 1, pageSize: 100, q },
        signal,
      });
      return page.items.map((r) => ({ value: r[source.idField] as number, label: labelOf(r, source.label) }));
    },
  });
  useEffect(() => {
    // docs/spec-summary.md 002 §8: failures to load select data are only logged.
    if (query.error) console.warn('No se pudo cargar la lista de opciones:', query.error.message);
  }, [query.error]);
  const options = source && 'static' in source ? [...source.static] : (query.data ?? []);
  return { options, loading: query.isLoading, error: query.isError };
}

type OptionSelectProps = Omit<SelectProps, 'options'> & {
  source?: OptionSource;
  currentLabel?: string | null;
};

/** A select over an option source, searchable without accents; keeps the current value's label. */
export function OptionSelect({ source, currentLabel, value, ...rest }: OptionSelectProps) {
  const [search, setSearch] = useState('');
  const remote = !!source && !('static' in source) && !!source.remote;
  const { options, loading, error } = useOptions(source, search);
  const all = useMemo(() => {
    if (value === undefined || value === null || options.some((o) => o.value === value)) return options;
    return [{ value: value as number, label: currentLabel || String(value) }, ...options];
  }, [options, value, currentLabel]);
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
          : {
              filterOption: (input, option) =>
                foldText(String(option?.label ?? '')).includes(foldText(input)),
            }
      }
    />
  );
}

/** A calendar date 'YYYY-MM-DD' ↔ the date picker's value. */
export const toDayjs = (v: unknown): Dayjs | undefined => {
  if (typeof v !== 'string') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(v);
  return m ? dayjs(m[1]) : undefined;
};

export function DateInput(props: ComponentProps<typeof DatePicker>) {
  return <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder="dd/mm/aaaa" {...props} />;
}

export function FlagSwitch(props: ComponentProps<typeof Switch>) {
  return <Switch checkedChildren="Sí" unCheckedChildren="No" {...props} />;
}
