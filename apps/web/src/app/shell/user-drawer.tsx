import { KeyOutlined, LogoutOutlined, SafetyOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Drawer, Flex, Menu, type MenuProps, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { authApi } from '../../features/auth/auth-api.ts';
import type { StoredSession } from '../../lib/session.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';

import { type Action, TOOLS } from './tools.tsx';

function accountActions(idUsuario: number): Action[] {
  return [
    { key: 'clave', label: 'Cambio de Clave', icon: <KeyOutlined />, route: '/actualizarclave' },
    {
      key: '2fa',
      label: 'Autenticación en dos pasos',
      icon: <SafetyOutlined />,
      route: `/configuracion2FA/${idUsuario}`,
    },
    { key: 'cambio-usuario', label: 'Cambio de Usuario', icon: <SwapOutlined /> },
  ];
}

const LOGOUT: Action = { key: 'cerrar', label: 'Cerrar Sesión', icon: <LogoutOutlined />, danger: true };

const toItem = ({ key, label, icon, danger }: Action) => ({ key, label, icon, danger });

/** The user drawer of docs/spec-summary.md 002 §2: account options, tools and sign-out. */
export function UserDrawer({
  session,
  open,
  onClose,
}: {
  session: StoredSession;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { usuario } = session;
  const account = accountActions(usuario.idUsuario);
  const all = [...account, ...TOOLS, LOGOUT];

  const items: MenuProps['items'] = [
    { type: 'group', key: 'g-cuenta', label: 'Cuenta', children: account.map(toItem) },
    { type: 'group', key: 'g-herramientas', label: 'Herramientas', children: TOOLS.map(toItem) },
    { type: 'divider', key: 'd' },
    toItem(LOGOUT),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const action = all.find((a) => a.key === key);
    onClose();
    if (action?.route) navigate(action.route);
    else if (key === 'cambio-usuario' || key === 'cerrar') void signOut(authApi.logout);
  };

  return (
    <Drawer
      title="Opciones de usuario"
      placement="right"
      open={open}
      onClose={onClose}
      size={320}
      styles={{ body: { padding: 0 } }}
    >
      <Flex gap={12} align="center" style={{ padding: '16px 24px' }}>
        <Avatar icon={<UserOutlined />} aria-hidden />
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: 'block' }}>
            {usuario.personaNombre ?? usuario.nombre}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {usuario.perfilNombre}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {usuario.nombreEmpresa}
          </Typography.Text>
        </div>
      </Flex>
      <Menu
        mode="inline"
        selectable={false}
        items={items}
        onClick={onClick}
        style={{ borderInlineEnd: 'none' }}
      />
    </Drawer>
  );
}
