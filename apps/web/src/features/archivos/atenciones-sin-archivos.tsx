import { MSG_ARCHIVO } from '@app/domain/archivos/messages';
import { formatCalendarDate, formatPeriod } from '@app/domain/common/format';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { PeriodoSelect, periodoTexto } from '../../components/periodo-select.tsx';
import { tablaDeConsulta } from '../../components/use-paged-list.ts';
import { archivoKeys, archivosApi, type PlanillaSinArchivo } from './archivos-api.ts';

export type AtencionesSinArchivosProps = {
  idTramite: number;
  /** A fixed load; without it the user picks the period (all loads by default). */
  idCarga?: number;
  /** Opens an attention (e.g. its record page); rows are plain otherwise. */
  onAbrir?: (p: PlanillaSinArchivo) => void;
};

/** 'Attentions without files' (docs/spec-summary.md 001 §2.7) of a procedure, per load: 'No hay atenciones sin archivos.' */
export function AtencionesSinArchivos({ idTramite, idCarga, onAbrir }: AtencionesSinArchivosProps) {
  const [carga, setCarga] = useState<number | undefined>(idCarga);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: archivoKeys.sinArchivos(idTramite, carga, page),
    queryFn: ({ signal }) => archivosApi.sinArchivos(idTramite, carga, page, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<PlanillaSinArchivo> = [
    { key: 'numero', title: 'Número', dataIndex: 'numero', width: 110 },
    {
      key: 'fecha',
      title: 'F. atención',
      width: 190,
      render: (_: unknown, p) =>
        p.fechaDesde === p.fechaHasta ? formatCalendarDate(p.fechaDesde) : formatPeriod(p),
    },
    { key: 'cedula', title: 'Cédula', dataIndex: 'cedula', width: 120 },
    { key: 'nombre', title: 'Nombre', dataIndex: 'nombre' },
    { key: 'medico', title: 'Médico', dataIndex: 'nombreMedico', render: (v: string | null) => v ?? '' },
    ...(idCarga === undefined
      ? [
          {
            key: 'periodo',
            title: 'Periodo',
            width: 240,
            render: (_: unknown, p: PlanillaSinArchivo) =>
              periodoTexto({ fechaDesde: p.cargaDesde, fechaHasta: p.cargaHasta, tipoCarga: p.tipoCarga }),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12}>
      {idCarga === undefined && (
        <Flex gap={8} align="center" wrap>
          <Typography.Text id="sin-archivos-periodo">Periodo</Typography.Text>
          <PeriodoSelect
            aria-labelledby="sin-archivos-periodo"
            idTramite={idTramite}
            value={carga}
            onChange={(v) => {
              setCarga(v);
              setPage(1);
            }}
          />
        </Flex>
      )}
      <DataTable<PlanillaSinArchivo>
        errorFallback={MSG_PLANILLA.errorLista}
        ariaLabel="Atenciones sin archivos"
        columns={columns}
        {...tablaDeConsulta(list, page, setPage)}
        rowKey="idPlanilla"
        onRowDoubleClick={onAbrir}
        emptyText={MSG_ARCHIVO.sinArchivos}
      />
    </Flex>
  );
}

export default AtencionesSinArchivos;
