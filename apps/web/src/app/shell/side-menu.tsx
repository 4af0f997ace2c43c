import {
  BarChartOutlined,
  HomeOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  SwapOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { buildMenu, homeCards, type MenuSection, type MenuSectionKey } from '@app/domain';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type StoredSession, updateSession } from '../../lib/session.ts';
import { effectiveModulo } from '../../lib/use-session.ts';
import { TOOLS } from './tools.tsx';

type MenuItems = NonNullable<MenuProps['items']>;

const HOME = '/MenuPrincipal';

const SECTION_ICONS: Record<MenuSectionKey, ReactNode> = {
  procesos: <ProfileOutlined />,
  reportes: <BarChartOutlined />,
  parametros: <SettingOutlined />,
  ayuda: <QuestionCircleOutlined />,
};

const sectionKey = (s: MenuSection) => `seccion:${s.key}`;

/** The first path segment, so detail routes (/tramite/7) keep their list entry selected. */
const routeKey = (pathname: string) => `/${pathname.split('/')[1] ?? ''}`;

const TOOLS_KEY = 'seccion:herramientas';
const MODULO_PREFIX = 'modulo:';

/** The other module's entry for users who have both (issue 14 §3: admin screens hid behind the home card). */
type OtroModulo = { key: string; label: string; modulo: 1 | 5; route: string };

function toItems(sections: MenuSection[], otro: OtroModulo | null): MenuItems {
  return [
    { key: HOME, icon: <HomeOutlined />, label: 'Inicio' },
    ...(otro ? [{ key: otro.key, icon: <SwapOutlined />, label: otro.label }] : []),
    ...sections.map((s) => ({
      key: sectionKey(s),
      icon: SECTION_ICONS[s.key],
      label: s.label,
      disabled: s.disabled,
      children: s.items.length
        ? s.items.map((i) => ({ key: i.route, label: i.label }))
        : [{ key: `${sectionKey(s)}:vacio`, label: 'Sin opciones disponibles', disabled: true }],
    })),
    // The tools live in the user drawer too; here they are one click from any page (issue 14 §3).
    {
      key: TOOLS_KEY,
      icon: <ToolOutlined />,
      label: 'Herramientas',
      children: TOOLS.map((t) => ({ key: t.route ?? t.key, label: t.label })),
    },
  ];
}

/**
 * Side menu of docs/spec-summary.md 002 §2: Inicio, then the sections of the current area. Sections are mutually
 * exclusive: opening one closes the others.
 */
export function SideMenu({ session }: { session: StoredSession }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const modulo = effectiveModulo(session);
  const sections = useMemo(() => buildMenu(session.usuario, modulo), [session, modulo]);
  const otro = useMemo((): OtroModulo | null => {
    const card = homeCards(session.usuario).find((c) => c.modulo !== modulo);
    if (!card || (card.modulo !== 1 && card.modulo !== 5)) return null;
    return {
      key: `${MODULO_PREFIX}${card.modulo}`,
      label: `Ir a ${card.title}`,
      modulo: card.modulo,
      route: card.links[0]?.route ?? HOME,
    };
  }, [session, modulo]);
  const items = useMemo(() => toItems(sections, otro), [sections, otro]);
  const selected = routeKey(pathname);
  const owner = sections.find((s) => s.items.some((i) => i.route === selected));
  const ownerKey = owner ? sectionKey(owner) : TOOLS.some((t) => t.route === selected) ? TOOLS_KEY : null;
  const [openKeys, setOpenKeys] = useState<string[]>(ownerKey ? [ownerKey] : []);

  // Arriving at a page from elsewhere (main menu cards, links) opens its section.
  useEffect(() => {
    if (ownerKey) setOpenKeys([ownerKey]);
  }, [ownerKey]);

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      openKeys={openKeys}
      onOpenChange={(keys) => {
        const opened = keys.find((k) => !openKeys.includes(k));
        setOpenKeys(opened ? [opened] : []);
      }}
      onClick={({ key }) => {
        if (otro && key === otro.key) {
          updateSession({ modulo: otro.modulo });
          navigate(otro.route);
        } else if (key !== pathname) navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
