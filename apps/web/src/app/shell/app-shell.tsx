import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { MSG } from '@app/domain';
import { App, Button, Flex, Grid, Layout, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { authApi } from '../../features/auth/auth-api.ts';
import { useSession } from '../../lib/use-session.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { AvisoSalida } from '../aviso-salida.tsx';
import { PRODUCT_NAME } from '../brand.ts';
import { PageFallback } from '../page-fallback.tsx';
import { InactivityModal, useIdle } from './inactivity.tsx';
import type { ShellState } from './shell-state.ts';
import { SideMenu } from './side-menu.tsx';
import { UserDrawer } from './user-drawer.tsx';

const HEADER_HEIGHT = 64;

/** The company's logo (its latest image, features/admin), loaded apart so the shell stays small. */
const CompanyLogo = lazy(() => import('../../features/admin/company-logo.tsx'));
/** The guided tours: the first-sign-in offer and the tour being walked (features/ayuda/recorridos). */
const RecorridoHost = lazy(() => import('../../features/ayuda/recorridos/recorrido-host.tsx'));

/** Every route change is recorded for the session audit (docs/spec-summary.md 002 /accesosesion); failures are ignored. */
function useAccessLog() {
  const { pathname } = useLocation();
  useEffect(() => {
    authApi.acceso(pathname).catch(() => undefined);
  }, [pathname]);
}

/** After login, one random tip for the user's profile (docs/spec-summary.md 001 §7 "Account"). */
function useLoginTip() {
  const { notification } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useRef(false);
  const wanted = (location.state as ShellState | null)?.consejo === true;

  useEffect(() => {
    if (!wanted || shown.current) return;
    shown.current = true;
    // Drop the request from the history entry so a reload does not show another tip.
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    authApi
      .consejo()
      .then(({ consejoTexto }) =>
        notification.info({ title: 'Consejo', description: consejoTexto, duration: 10 }),
      )
      .catch(() => notification.warning({ title: 'Consejo', description: MSG.consejoError }));
  }, [wanted, location.pathname, location.search, navigate, notification]);
}

/** Layout of every signed-in route, inside Ant Design's `<App>` so pages can use App.useApp(). */
export default function AppShell() {
  return (
    <App notification={{ placement: 'topRight', top: HEADER_HEIGHT + 8 }}>
      <ShellLayout />
    </App>
  );
}

/** Top bar, user drawer, side menu and inactivity logout. */
function ShellLayout() {
  const session = useSession();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState<boolean | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const idle = useIdle();
  const signOut = useSignOut();
  useAccessLog();
  useLoginTip();

  if (!session) return null;
  const { usuario } = session;
  const isCollapsed = collapsed ?? screens.lg === false;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          height: HEADER_HEIGHT,
          paddingInline: 16,
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          position: 'sticky',
          top: 0,
          zIndex: 10,
        }}
      >
        <Button
          type="text"
          icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={isCollapsed ? 'Mostrar menú lateral' : 'Ocultar menú lateral'}
          aria-expanded={!isCollapsed}
          onClick={() => setCollapsed(!isCollapsed)}
        />
        <Link to="/MenuPrincipal" style={{ fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap' }}>
          {PRODUCT_NAME}
        </Link>
        <Suspense fallback={null}>
          <CompanyLogo idEmpresa={usuario.idEmpresa} nombre={usuario.nombreEmpresa} />
        </Suspense>
        <Typography.Text type="secondary" ellipsis style={{ flex: 1, minWidth: 0 }}>
          {usuario.nombreEmpresa}
        </Typography.Text>
        <Button
          type="text"
          onClick={() => setDrawerOpen(true)}
          aria-haspopup="dialog"
          aria-label={`Opciones de usuario: ${usuario.nombre}, ${usuario.perfilNombre}`}
          data-tour="usuario-opciones"
          style={{ height: 'auto', paddingBlock: 4 }}
        >
          <Flex align="center" gap={8}>
            <UserOutlined aria-hidden />
            <span
              style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.3 }}
            >
              <span>{usuario.nombre}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {usuario.perfilNombre}
              </Typography.Text>
            </span>
          </Flex>
        </Button>
      </Layout.Header>
      <Layout>
        <Layout.Sider
          width={264}
          collapsedWidth={64}
          collapsed={isCollapsed}
          trigger={null}
          collapsible
          theme="light"
          style={{
            borderInlineEnd: '1px solid #f0f0f0',
            position: 'sticky',
            top: HEADER_HEIGHT,
            height: `calc(100vh - ${HEADER_HEIGHT}px)`,
            overflowY: 'auto',
          }}
        >
          <nav aria-label="Menú lateral">
            <SideMenu session={session} />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <UserDrawer session={session} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <InactivityModal open={idle} onAccept={() => signOut(authApi.inactividad)} />
      {/* Leaving a page whose form holds changes asks first (issue 14 §4). */}
      <AvisoSalida />
      <Suspense fallback={null}>
        <RecorridoHost />
      </Suspense>
    </Layout>
  );
}
