import { formatDateTime } from '@app/domain/common/format';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import type { AuditoriaFila, AuditoriaRespuesta } from '@app/domain/planillas/types';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { type Planilla, planillaApi, planillaKeys } from './planilla-api.ts';
import { etiquetaCampo } from './planilla-rules.ts';

type Detallado = AuditoriaRespuesta['detallados'][number];

const valor = (v: string | null) => (v === null || v === '' ? '—' : v);

const comunes = {
  fecha: { title: 'Fecha', dataIndex: 'fecha', width: 150, render: (v: string) => formatDateTime(v) },
  usuario: { title: 'Usuario', dataIndex: 'usuario', width: 200, render: (v: string | null) => valor(v) },
  operacion: { title: 'Operación', dataIndex: 'operacion', width: 120 },
  antes: { title: 'Antes', dataIndex: 'antes', render: valor },
  despues: { title: 'Después', dataIndex: 'despues', render: valor },
} as const;

const generales: TableColumnsType<AuditoriaFila> = [
  comunes.fecha,
  comunes.usuario,
  comunes.operacion,
  { title: 'Campo', dataIndex: 'campo', width: 160, render: (v: string | null) => etiquetaCampo(v) },
  comunes.antes,
  comunes.despues,
];

const detallados: TableColumnsType<Detallado> = [
  comunes.fecha,
  comunes.usuario,
  comunes.operacion,
  { title: 'Código', dataIndex: 'codigo', width: 100, render: (v: string | null) => valor(v) },
  { title: 'Campo', dataIndex: 'campo', width: 120, render: (v: string | null) => etiquetaCampo(v) },
  comunes.antes,
  comunes.despues,
];

const paging = { pageSize: 10, showSizeChanger: false, hideOnSinglePage: true } as const;

/** One list of changes under its title (a plain function: no component of its own on the record's path). */
function seccion<T extends { idAuditoria: number }>(
  id: string,
  titulo: string,
  columns: TableColumnsType<T>,
  rows: readonly T[],
  vacio: string,
) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={5} id={id}>
        {titulo}
      </Typography.Title>
      <Table<T>
        size="small"
        columns={columns}
        dataSource={rows as T[]}
        rowKey="idAuditoria"
        pagination={paging}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: vacio }}
      />
    </section>
  );
}

/** Inf. auditoría (supervision): 'Cambios Generales' of the attention and 'Cambios Detallados' of its line items. */
export default function AuditoriaTab({ planilla: p }: { planilla: Planilla }) {
  const query = useQuery({
    queryKey: planillaKeys.sub(p.idPlanilla, 'auditoria'),
    queryFn: ({ signal }) => planillaApi.auditoria(p.idPlanilla, signal),
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError)
    return (
      <ErrorRetry
        error={query.error}
        fallback={MSG_PLANILLA.errorLista}
        onRetry={() => void query.refetch()}
      />
    );
  const d = query.data;
  if (d.generales.length === 0 && d.detallados.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG_PLANILLA.sinAuditoria} />;
  return (
    <Flex vertical gap={16}>
      {seccion('pf-aud-generales', 'Cambios Generales', generales, d.generales, 'Sin cambios generales.')}
      {seccion(
        'pf-aud-detallados',
        'Cambios Detallados',
        detallados,
        d.detallados,
        'Sin cambios en los detalles.',
      )}
    </Flex>
  );
}
