import type { getTramitesByIdCargasResponse } from '@app/domain';
import { TIPOS_CARGA } from '@app/domain/cargas/rules';
import { formatPeriod } from '@app/domain/common/format';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { z } from 'zod';
import { api } from '../lib/api.ts';

/** 'dd/MM/yyyy – dd/MM/yyyy (Mensual)': a load's period as the lists show it. */
export const periodoTexto = (c: { fechaDesde: string; fechaHasta: string; tipoCarga?: string }) =>
  `${formatPeriod(c)}${c.tipoCarga ? ` (${TIPOS_CARGA[c.tipoCarga as keyof typeof TIPOS_CARGA] ?? c.tipoCarga})` : ''}`;

/** A filter by load ('Periodo') of a procedure: its active loads with attentions; empty = all loads. */
export function PeriodoSelect(props: {
  idTramite: number;
  value: number | undefined;
  onChange: (idCarga: number | undefined) => void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const { idTramite, value, onChange } = props;
  const cargas = useQuery({
    queryKey: ['cargas', 'periodos', idTramite],
    queryFn: ({ signal }) =>
      api<z.input<typeof getTramitesByIdCargasResponse>>(`/tramites/${idTramite}/cargas`, {
        query: { page: 1, pageSize: 100 },
        signal,
      }),
  });
  return (
    <Select
      aria-label={props['aria-label']}
      aria-labelledby={props['aria-labelledby']}
      style={{ minWidth: 320 }}
      allowClear
      placeholder="Todas las cargas"
      loading={cargas.isLoading}
      value={value}
      onChange={(v?: number) => onChange(v)}
      options={(cargas.data?.items ?? [])
        .filter((c) => c.estado === 1 && c.tienePlanillas === 1)
        .map((c) => ({ value: c.idCarga, label: periodoTexto(c) }))}
    />
  );
}
