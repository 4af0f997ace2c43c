import { formatCount } from '@app/domain/common/format';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { matchesSearch } from '../../components/catalog/catalog-values.ts';

/** The tab's filters in the URL (namespaced by the type: 'am.*' / 'gd.*'). */
export const FILTROS = ['modo', 'idCarga', 'asignado', 'estado', 'numero'] as const;

/** A count as the tab shows it: '1.234', and '0' for none. */
export const cuenta = (n: number | undefined) => formatCount(n ?? 0) || '0';

/** The staff selects' search: by the option's label, accents and case aside. */
export const busquedaPorEtiqueta = {
  filterOption: (input: string, o?: { label?: unknown }) => matchesSearch(input, String(o?.label ?? '')),
};

export type OpcionNumero = { value: number; label: string };

/** A labelled control of the load modes' form. */
export function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </Flex>
  );
}
