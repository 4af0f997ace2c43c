import { Input } from 'antd';
import type { ComponentProps } from 'react';
import { filterTyped } from '../../components/catalog/catalog-values.ts';

type Props = ComponentProps<typeof Input.TextArea>;

/** A text area that shows upper-case as the user types, keeping the caret where it was. */
export function UpperTextArea({ onChange, ...rest }: Props) {
  return (
    <Input.TextArea
      {...rest}
      onChange={(e) => {
        const el = e.target;
        if (!(e.nativeEvent as InputEvent).isComposing) {
          const next = filterTyped(el.value, el.selectionStart, { upper: true });
          if (next.value !== el.value) {
            el.value = next.value;
            if (next.caret !== null) el.setSelectionRange(next.caret, next.caret);
          }
        }
        onChange?.(e);
      }}
    />
  );
}
