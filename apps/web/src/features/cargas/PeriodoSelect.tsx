import { TIPOS_CARGA } from '@app/domain/cargas/rules';
import type { Page } from '@app/domain/catalogs/define';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { api } from '../../app/api.ts';
import { fecha } from '../tramites/tramite-rules.ts';
import type { Carga } from './cargas-api.ts';

/** 'dd/MM/yyyy – dd/MM/yyyy (Mensual)': a load's period as the lists show it. */
export const periodoTexto = (c: { fechaDesde: string; fechaHasta: string; tipoCarga?: string }) =>
  `${fecha(c.fechaDesde)} – ${fecha(c.fechaHasta)}${c.tipoCarga ? ` (${TIPOS_CARGA[c.tipoCarga as keyof typeof TIPOS_CARGA] ?? c.tipoCarga})` : ''}`;

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
      api<Page<Carga>>(`/tramites/${idTramite}/cargas`, { query: { page: 1, pageSize: 100 }, signal }),
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
