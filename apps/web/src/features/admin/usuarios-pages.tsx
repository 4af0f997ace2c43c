import { EyeOutlined } from '@ant-design/icons';
import { FLAG_GROUPS, FLAG_LABELS, formatDateTime } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { TarjetaInformacion } from '../../components/tarjeta-informacion.tsx';
import { adminApi, adminKeys, type Query, type Usuario } from './admin-api.ts';
import { dateCol, textCol } from './components/columns.tsx';
import { DetailState, dato, parseId } from './components/detail.tsx';
import { OptionSelect } from './components/fields.tsx';
import { INICIO, PROCESOS } from './components/guards.tsx';
import { OPTIONS } from './components/options.ts';
import { ResourceList } from './components/resource-list.tsx';
import { UsuarioFormModal } from './usuario-form.tsx';

type UsuariosListProps = {
  /** Fixed filters (tabs of a company, subscription or person). */
  fixedQuery?: Query;
  namespace?: string;
  idPersona?: number;
  standalone?: boolean;
};

/** Users list of docs/spec-summary.md 002 "User administration" (also the Usuarios tab of companies, subscriptions and persons). */
export function UsuariosList({ fixedQuery, namespace, idPersona, standalone }: UsuariosListProps) {
  const navigate = useNavigate();
  const [form, setForm] = useState<{ open: boolean; record: Usuario | null }>({ open: false, record: null });
  return (
    <>
      <ResourceList<Usuario>
        resource="usuarios"
        ariaLabel="Usuarios"
        title={standalone ? 'Usuarios' : undefined}
        breadcrumb={standalone ? [INICIO, PROCESOS, { title: 'Usuarios' }] : undefined}
        namespace={namespace}
        fixedQuery={fixedQuery}
        fetch={adminApi.usuarios.list}
        rowKey={(u) => u.idUsuario}
        defaultSort="-fechaReg"
        filterKeys={standalone ? ['idPerfil'] : undefined}
        filters={
          standalone
            ? (set, values) => (
                <OptionSelect
                  source={OPTIONS.perfil}
                  value={values.idPerfil ? Number(values.idPerfil) : undefined}
                  onChange={(v) => set('idPerfil', v as number | undefined)}
                  allowClear
                  placeholder="Perfil"
                  aria-label="Filtrar por perfil"
                  style={{ width: 240 }}
                />
              )
            : undefined
        }
        columns={[
          textCol('nombre', 'Nombre', true),
          textCol('perfilNombre', 'Perfil', true),
          dateCol('fechaReg', 'Fecha de registro'),
          dateCol('fechaAct', 'Última actualización'),
          textCol('personaDocumento', 'Documento', true),
          textCol('personaNombre', 'Persona', true, 220),
          textCol('empresaNombre', 'Empresa', true, 160),
        ]}
        onCreate={() => setForm({ open: true, record: null })}
        onEdit={(record) => setForm({ open: true, record })}
        extraActions={[
          {
            key: 'detalle',
            label: 'Ver detalle',
            icon: <EyeOutlined />,
            run: (u) => navigate(`/usuariomd/${u.idUsuario}`),
          },
        ]}
        onDelete={{
          noun: 'el usuario',
          label: (u) => u.nombre,
          run: (u) => adminApi.usuarios.remove(u.idUsuario),
        }}
      />
      <UsuarioFormModal
        open={form.open}
        record={form.record}
        idPersona={idPersona}
        onClose={() => setForm((s) => ({ ...s, open: false }))}
      />
    </>
  );
}

export function UsuarioListPage() {
  return <UsuariosList standalone />;
}

/** /usuariomd/:idUsuario — one user: its data, company, person and permissions. */
export function UsuarioDetailPage() {
  const id = parseId(useParams().idUsuario);
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: adminKeys.one('usuarios', id),
    queryFn: ({ signal }) => adminApi.usuarios.get(id, signal),
    enabled: id > 0,
  });
  const breadcrumb = [
    INICIO,
    { title: 'Usuarios', href: '/usuario' },
    { title: q.data?.nombre ?? `Usuario ${id}` },
  ];
  if (!q.data)
    return (
      <DetailState
        error={id ? q.error : { status: 404 }}
        loading={q.isLoading}
        title={`Usuario ${id}`}
        breadcrumb={breadcrumb}
        back={{ href: '/usuario', label: 'Volver a Usuarios' }}
        onRetry={() => void q.refetch()}
      />
    );
  const u = q.data;
  return (
    <>
      <PageHeader
        title={u.nombre}
        breadcrumb={breadcrumb}
        tag={<Tag color={u.activo ? 'green' : 'default'}>{u.activo ? 'ACTIVO' : 'INACTIVO'}</Tag>}
        extra={
          <Button type="primary" onClick={() => setOpen(true)}>
            Editar
          </Button>
        }
      />
      <TarjetaInformacion
        titulo="Usuario"
        principal={[
          dato('Perfil', u.perfilNombre),
          dato('Persona', u.personaNombre),
          dato('Documento', u.personaDocumento),
          dato('Empresa', u.empresaNombre),
        ]}
        mas={[
          dato('ID usuario', u.idUsuario),
          dato('Suscripción', u.idSuscripcion),
          dato('Fecha de registro', formatDateTime(u.fechaReg)),
          dato('Fecha de actualización', formatDateTime(u.fechaAct)),
        ]}
      />
      <Card variant="borderless" title="Permisos">
        {FLAG_GROUPS.map((g) => (
          <div key={g.title} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{g.title}: </Typography.Text>
            <Space wrap size={[4, 4]}>
              {g.flags.map((f) => (
                <Tag key={f} color={u[f] ? 'blue' : 'default'}>
                  {FLAG_LABELS[f]}: {u[f] ? 'Sí' : 'No'}
                </Tag>
              ))}
            </Space>
          </div>
        ))}
      </Card>
      <UsuarioFormModal
        open={open}
        record={u}
        onClose={() => setOpen(false)}
        onSaved={() => void q.refetch()}
      />
    </>
  );
}
