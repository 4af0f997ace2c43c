import { FileSearchOutlined } from '@ant-design/icons';
import { formatDate } from '@app/domain/common/format';
import type { AtencionCobertura } from '@app/domain/herramientas/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useSession } from '../../lib/use-session.ts';
import { ResumenModal, type ResumenTarget } from '../planillas/resumen-modal.tsx';
import { herramientasApi, herramientasKeys } from './herramientas-api.ts';

const PAGE_SIZE = 10;

/**
 * The claim lookup's table (docs/spec-summary.md 001 §2.7): every attention of the patient the user may see
 * (a provider: its own), newest first, 10 per page; a row opens the attention's summary.
 */
export function CoberturaAtenciones({
  cedula,
  idEspecialidad,
  page,
  onPageChange,
}: {
  cedula: string;
  idEspecialidad: number | undefined;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const [resumen, setResumen] = useState<ResumenTarget | null>(null);
  const list = useQuery({
    queryKey: herramientasKeys.coberturaAtenciones(cedula, idEspecialidad, page),
    queryFn: ({ signal }) => herramientasApi.coberturaAtenciones(cedula, idEspecialidad, page, signal),
    placeholderData: keepPreviousData,
  });
  const abrir = (a: AtencionCobertura) =>
    setResumen({ idPlanilla: a.idPlanilla, numero: a.numero, tab: 'informacion' });

  // The patient is the same on every row (the summary above names them).
  const columns: TableColumnsType<AtencionCobertura> = [
    { key: 'numero', title: 'Número', dataIndex: 'numero', width: 110 },
    { key: 'fechaDesde', title: 'Fecha de ingreso', dataIndex: 'fechaDesde', width: 130, render: formatDate },
    { key: 'fechaHasta', title: 'Fecha de salida', dataIndex: 'fechaHasta', width: 130, render: formatDate },
    {
      key: 'medico',
      title: 'Médico',
      dataIndex: 'nombreMedico',
      ellipsis: true,
      render: (v: string | null) => v ?? '',
    },
    { key: 'diag1', title: 'Diagnóstico', dataIndex: 'diag1', width: 110, render: (v) => v ?? '' },
    { key: 'prestador', title: 'Prestador', dataIndex: 'prestador', ellipsis: true },
    {
      key: 'tramite',
      title: 'Trámite',
      width: 240,
      render: (_: unknown, a) => (
        <>
          {a.tramite} <StateTag state={a.estadoTramite} />
        </>
      ),
    },
    {
      key: 'resumen',
      title: 'Opciones',
      width: 120,
      align: 'center',
      fixed: 'right',
      render: (_: unknown, a) => (
        <Button
          size="small"
          icon={<FileSearchOutlined aria-hidden />}
          aria-label={`Resumen de la atención ${a.numero}`}
          onClick={() => abrir(a)}
        >
          Resumen
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable<AtencionCobertura>
        consulta={list}
        ariaLabel="Atenciones del paciente"
        columns={columns}
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        loading={list.isFetching}
        onPageChange={onPageChange}
        rowKey="idPlanilla"
        onRowDoubleClick={abrir}
        emptyText="No se encontraron atenciones con los criterios ingresados."
      />
      <ResumenModal target={resumen} imprimir={idPerfil === 15} onClose={() => setResumen(null)} />
    </>
  );
}
