import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import type { ReactNode } from 'react';

export type ListToolbarProps = {
  /** What the list is ('Buscar en {label}'). */
  label: string;
  /** The search box's text; `undefined` leaves the box out. */
  text?: string;
  onText?: (text: string) => void;
  /** An empty search is ignored (the spec). */
  onSearch?: (text: string) => void;
  placeholder?: string;
  /** Filters between the box and 'Todos los registros'. */
  filters?: ReactNode;
  /** 'Todos los registros': clears search, filters and page. */
  onShowAll?: () => void;
  /** At the right end ('Nuevo' of a list under another page's header). */
  action?: ReactNode;
};

/**
 * The toolbar above every list (docs/design-summary.md §10 "Lists"): the search box, the list's filters,
 * 'Todos los registros' and, when the list has no header of its own, its 'Nuevo'.
 */
export function ListToolbar({
  label,
  text,
  onText,
  onSearch,
  placeholder = 'Buscar...',
  filters,
  onShowAll,
  action,
}: ListToolbarProps) {
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} role="search">
      {text !== undefined && (
        <Input.Search
          placeholder={placeholder}
          aria-label={`Buscar en ${label}`}
          value={text}
          onChange={(e) => onText?.(e.target.value)}
          onSearch={(v) => {
            if (v.trim()) onSearch?.(v.trim());
          }}
          enterButton={<Button type="primary" icon={<SearchOutlined />} aria-label="Buscar" />}
          maxLength={200}
          style={{ width: 360, maxWidth: '100%' }}
        />
      )}
      {filters}
      {onShowAll && (
        <Button icon={<ReloadOutlined />} onClick={onShowAll}>
          Todos los registros
        </Button>
      )}
      {action && <div style={{ marginLeft: 'auto' }}>{action}</div>}
    </Flex>
  );
}
