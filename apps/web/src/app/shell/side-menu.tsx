import {
  BarChartOutlined,
  HomeOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { buildMenu, type MenuSection, type MenuSectionKey } from '@app/domain';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { StoredSession } from '../session.ts';
import { effectiveModulo } from '../use-session.ts';

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

function toItems(sections: MenuSection[]): MenuItems {
  return [
    { key: HOME, icon: <HomeOutlined />, label: 'Inicio' },
    ...sections.map((s) => ({
      key: sectionKey(s),
      icon: SECTION_ICONS[s.key],
      label: s.label,
      disabled: s.disabled,
      children: s.items.length
        ? s.items.map((i) => ({ key: i.route, label: i.label }))
        : [{ key: `${sectionKey(s)}:vacio`, label: 'Sin opciones disponibles', disabled: true }],
    })),
  ];
}

/**
 * Side menu of docs/spec-summary.md 002 §2: Inicio, then the sections of the current area. Sections are mutually
 * exclusive: opening one closes the others.
 */
export function SideMenu({ session }: { session: StoredSession }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sections = useMemo(() => buildMenu(session.usuario, effectiveModulo(session)), [session]);
  const items = useMemo(() => toItems(sections), [sections]);
  const selected = routeKey(pathname);
  const owner = sections.find((s) => s.items.some((i) => i.route === selected));
  const ownerKey = owner ? sectionKey(owner) : null;
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
        if (key !== pathname) navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
