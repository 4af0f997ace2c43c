import { Breadcrumb, Flex, Space, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';

export type BreadcrumbEntry = { title: string; href?: string };

/** The breadcrumb's first entries: the main menu and its sections. */
export const INICIO: BreadcrumbEntry = { title: 'Inicio', href: '/MenuPrincipal' };
export const PROCESOS: BreadcrumbEntry = { title: 'Procesos' };
export const REPORTES: BreadcrumbEntry = { title: 'Reportes' };

export type PageHeaderProps = {
  title: string;
  /** The spec's breadcrumb; entries with `href` are links, the last one is the current page. */
  breadcrumb?: BreadcrumbEntry[];
  /** The record's state, usually a `<StateTag>`. */
  tag?: ReactNode;
  /** The page's actions, right-aligned: the primary one filled, the rest outlined. */
  extra?: ReactNode;
};

const APP_NAME = 'Auditoría Médica';

/** Breadcrumb, title, state tag and actions: the top of every page of the product. */
export function PageHeader({ title, breadcrumb, tag, extra }: PageHeaderProps) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <header style={{ marginBottom: 16 }}>
      {breadcrumb && breadcrumb.length > 0 && (
        <Breadcrumb
          style={{ marginBottom: 8 }}
          items={breadcrumb.map((b, i) => ({
            key: `${i}-${b.title}`,
            title:
              b.href && i < breadcrumb.length - 1 ? (
                <Link to={b.href}>{b.title}</Link>
              ) : (
                <span aria-current={i === breadcrumb.length - 1 ? 'page' : undefined}>{b.title}</span>
              ),
          }))}
        />
      )}
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Flex align="center" gap={12} style={{ minWidth: 0 }}>
          <Typography.Title
            level={1}
            style={{ margin: 0, fontSize: 22, lineHeight: '32px' }}
            ellipsis={{ tooltip: title }}
          >
            {title}
          </Typography.Title>
          {tag}
        </Flex>
        {extra && (
          <Space wrap size={8} data-tour="pagina-acciones">
            {extra}
          </Space>
        )}
      </Flex>
    </header>
  );
}
