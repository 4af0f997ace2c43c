import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';

/**
 * A row's 'Opciones' menu: opens on click with the first item focused; choosing an item does not
 * reach the row (no row click or double-click opens behind it), and Enter on an item does not also
 * press whatever gets the focus next (a dialog's button).
 */
export function MenuOpciones({
  items,
  onSelect,
  children,
}: {
  items: MenuProps['items'];
  onSelect: (key: string) => void;
  /** The button that opens it. */
  children: ReactElement;
}) {
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.preventDefault();
          domEvent.stopPropagation();
          onSelect(key);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
