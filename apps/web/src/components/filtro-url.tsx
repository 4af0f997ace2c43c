import { Input, Select, type SelectProps } from 'antd';
import type { UseListParams } from './use-list-params.ts';

type FiltroSelectProps = {
  params: UseListParams;
  /** The list's filter (URL param) the select sets; clearing it removes the param. */
  name: string;
  ariaLabel: string;
  /** The filter holds a numeric id (the select's options have number values). */
  numeric?: boolean;
} & Omit<SelectProps, 'value' | 'onChange' | 'allowClear' | 'aria-label'>;

/** A list filter's select, kept in the URL (back to page 1 on change), with 'x' to clear it. */
export function FiltroSelect({ params, name, ariaLabel, numeric = false, ...rest }: FiltroSelectProps) {
  const v = params.filters[name];
  return (
    <Select
      aria-label={ariaLabel}
      allowClear
      value={numeric ? (v ? Number(v) : undefined) : v}
      onChange={(x?: string | number) => params.setFilter(name, x)}
      {...rest}
    />
  );
}

/**
 * 'Número': the text as typed (`texto`, kept by the screen so that 'Limpiar filtros' can empty it) is
 * searched with Enter or the button; emptying the box drops the filter at once.
 */
export function FiltroNumero({
  params,
  texto,
  onTexto,
  width,
}: {
  params: UseListParams;
  texto: string;
  onTexto: (texto: string) => void;
  width: number;
}) {
  return (
    <Input.Search
      aria-label="Número"
      placeholder="Número"
      allowClear
      value={texto}
      maxLength={40}
      onChange={(e) => {
        onTexto(e.target.value);
        if (!e.target.value && params.filters.numero) params.setFilter('numero', null);
      }}
      onSearch={(v) => params.setFilter('numero', v.trim() || null)}
      style={{ width }}
    />
  );
}
