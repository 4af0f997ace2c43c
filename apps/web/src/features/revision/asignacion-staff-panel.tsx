import { Button, Flex, Skeleton, Statistic, Table, type TableColumnsType, Tooltip } from 'antd';
import { cuenta } from './asignacion-ui.tsx';
import type { Asignable } from './revision-api.ts';
import { ASIGNACION_TEXTOS, perfilNombre, type TipoAsignacion, usuarioEtiqueta } from './revision-rules.ts';

/** Who can receive attentions of this type, how many each holds and has pending. */
export function StaffPanel({
  tipo,
  loading,
  usuarios,
  total,
  sinAsignar,
  onVer,
}: {
  tipo: TipoAsignacion;
  loading: boolean;
  usuarios: Asignable[];
  total: number | undefined;
  sinAsignar: number | undefined;
  onVer: (idUsuario: number) => void;
}) {
  const textos = ASIGNACION_TEXTOS[tipo];
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  const columns: TableColumnsType<Asignable> = [
    { key: 'usuario', title: 'Usuario', render: (_: unknown, u) => usuarioEtiqueta(u) },
    {
      key: 'perfil',
      title: 'Perfil',
      dataIndex: 'idPerfil',
      width: 150,
      render: (p: number) => perfilNombre(p),
    },
    {
      key: 'asignadas',
      title: 'Asignadas',
      dataIndex: 'asignadas',
      width: 110,
      align: 'right',
      render: (n: number, u) =>
        n > 0 ? (
          <Tooltip title="Ver sus atenciones">
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onVer(u.idUsuario)}>
              {cuenta(n)}
            </Button>
          </Tooltip>
        ) : (
          '0'
        ),
    },
    {
      key: 'pendientes',
      title: 'Pendientes',
      dataIndex: 'pendientes',
      width: 110,
      align: 'right',
      render: (n: number) => cuenta(n),
    },
  ];
  return (
    <Flex gap={24} wrap align="flex-start">
      <Flex gap={24}>
        <Statistic title="Atenciones activas" value={cuenta(total)} />
        <Statistic title="Sin asignar" value={cuenta(sinAsignar)} />
      </Flex>
      <div style={{ flex: '1 1 480px', minWidth: 0 }}>
        <Table<Asignable>
          size="small"
          aria-label={`Personal: ${textos.rolPlural}`}
          rowKey="idUsuario"
          columns={columns}
          dataSource={usuarios}
          pagination={false}
          locale={{ emptyText: `No hay ${textos.rolPlural} activos en la suscripción.` }}
        />
      </div>
    </Flex>
  );
}
