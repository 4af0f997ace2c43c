import { formatDate } from '@app/domain/common/format';
import { MSG } from '@app/domain/messages';
import type {
  AtencionDiagnostico,
  getDiagnosticosByIdPlanillasResponse,
} from '@app/domain/planillas/responses-diagnosticos';
import { Card, type TableColumnsType, Tooltip } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { detailPath } from '../../features/tramites/tramite-rules.ts';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/use-session.ts';
import { PAGE_SIZE } from '../data-table.ts';
import { DataTable } from '../data-table.tsx';
import { usePagedList } from '../use-paged-list.ts';

type Page = z.infer<typeof getDiagnosticosByIdPlanillasResponse>;

const POSICION = ['', 'Principal (1)', 'Secundario (2)', 'Diagnóstico 3', 'Diagnóstico 4', 'Diagnóstico 5'];

/**
 * Detail of `diagnostico_diagaten/{p_iddiagnostico}`: the attentions that carry the diagnosis in any
 * of their five positions, as far as the user may see them (the server applies the same tenancy and
 * assignment rules as the attention lists), newest first, paged in the URL. A row opens its procedure.
 */
export default function AtencionesDiagnostico({ id }: { id: number }) {
  const navigate = useNavigate();
  const idPerfil = useSession()?.usuario.idPerfil ?? 0;
  const list = usePagedList({
    queryKey: (p) => ['diagnosticos', id, 'planillas', p.page],
    queryFn: (p, signal) =>
      api<Page>(`/diagnosticos/${id}/planillas`, {
        query: { page: p.page, pageSize: PAGE_SIZE },
        signal,
      }),
    pageSize: PAGE_SIZE,
  });

  const columns: TableColumnsType<AtencionDiagnostico> = [
    {
      key: 'numeroTramite',
      title: 'Trámite',
      dataIndex: 'numeroTramite',
      render: (_: unknown, r) => <Link to={detailPath(idPerfil, r.idTramite)}>{r.numeroTramite}</Link>,
    },
    { key: 'numero', title: 'Número', dataIndex: 'numero' },
    {
      key: 'fechaDesde',
      title: 'Fecha',
      dataIndex: 'fechaDesde',
      width: 120,
      render: (v: string) => formatDate(v),
    },
    { key: 'cedula', title: 'Cédula', dataIndex: 'cedula', width: 130 },
    { key: 'nombre', title: 'Nombre', dataIndex: 'nombre' },
    {
      key: 'posicion',
      title: (
        <Tooltip title="En cuál de los cinco diagnósticos de la atención aparece">
          <span>Diagnóstico</span>
        </Tooltip>
      ),
      dataIndex: 'posicion',
      width: 150,
      render: (v: number) => POSICION[v] ?? String(v),
    },
  ];

  return (
    <Card variant="borderless" title="Atenciones" styles={{ body: { padding: 16 } }}>
      <DataTable<AtencionDiagnostico>
        ariaLabel="Atenciones con el diagnóstico"
        columns={columns}
        {...list.table}
        rowKey="idPlanilla"
        onRowDoubleClick={(r) => navigate(detailPath(idPerfil, r.idTramite))}
        emptyText={MSG.listaVacia}
      />
    </Card>
  );
}
