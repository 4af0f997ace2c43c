import { type CatalogField, refLabelName } from '@app/domain';
import { DatePicker, type GetRef, Input, InputNumber, type InputRef, Select, Switch } from 'antd';
import type { ChangeEvent, ComponentProps, Ref } from 'react';
import { textMaxLength } from '../max-length.ts';
import { DependentSelect, RefSelect } from './catalog-selects.tsx';
import {
  type CatalogRow,
  DATE_INPUT_FORMAT,
  type FormValues,
  filterTyped,
  matchesSearch,
} from './catalog-values.ts';

/** The most characters a field takes: its declaration's, or its bespoke schema's (shown with a counter). */
const limitOf = (f: CatalogField) => f.maxLength ?? textMaxLength(f.schema);

type ControlProps = {
  field: CatalogField;
  record: CatalogRow | null | undefined;
  /** Values set by the screen (a dependent select's parent, when fixed). */
  fixed: FormValues;
  /** Given by Form.Item. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
};

/** The control of one declared field, generated from its type (a Form.Item's child). */
export function FieldControl({ field, record, fixed, ...item }: ControlProps) {
  const f = { ...field, maxLength: limitOf(field) };
  const rest = item as Record<string, never>;
  switch (f.type) {
    case 'textarea':
      return (
        <TextAreaControl
          {...rest}
          upper={f.upper}
          maxLength={f.maxLength}
          showCount={!!f.maxLength}
          autoSize={{ minRows: 3, maxRows: 6 }}
        />
      );
    case 'integer':
      return <InputNumber {...rest} style={{ width: '100%' }} precision={0} keyboard />;
    case 'decimal':
      return <InputNumber {...rest} style={{ width: '100%' }} precision={2} decimalSeparator="," keyboard />;
    case 'date':
      return (
        <DatePicker {...rest} style={{ width: '100%' }} format={DATE_INPUT_FORMAT} placeholder="dd/mm/aaaa" />
      );
    case 'boolean':
      return <Switch {...rest} checkedChildren="Sí" unCheckedChildren="No" />;
    case 'select':
      if (f.ref?.within)
        return (
          <DependentSelect
            {...rest}
            catalog={f.ref.catalog}
            within={f.ref.within}
            fixed={fixed}
            currentLabel={record?.[refLabelName(f)]}
            allowClear={!f.required}
          />
        );
      if (f.ref)
        return (
          <RefSelect
            {...rest}
            catalog={f.ref.catalog}
            labelField={f.ref.labelField}
            currentLabel={record?.[refLabelName(f)]}
            allowClear={!f.required}
          />
        );
      return (
        <Select
          {...rest}
          options={f.options?.map((o) => ({ value: o.value, label: o.label }))}
          allowClear={!f.required}
          placeholder="Seleccione"
          showSearch={{ filterOption: (input, option) => matchesSearch(input, String(option?.label ?? '')) }}
        />
      );
    case 'email':
      return (
        <TextControl
          {...rest}
          inputMode="email"
          autoComplete="off"
          maxLength={f.maxLength}
          showCount={!!f.maxLength}
        />
      );
    default:
      return (
        <TextControl
          {...rest}
          upper={f.upper}
          digits={f.digits}
          maxLength={f.maxLength}
          showCount={!!f.maxLength}
          inputMode={f.digits ? 'numeric' : undefined}
          autoComplete="off"
        />
      );
  }
}

type TypingRules = { upper?: boolean; digits?: boolean };

/** Upper-cases or strips non-digits as the user types, keeping the caret where it was. */
function applyTyping(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>, rules: TypingRules) {
  if (!rules.upper && !rules.digits) return;
  if ((e.nativeEvent as InputEvent).isComposing) return;
  const el = e.target;
  const next = filterTyped(el.value, el.selectionStart, rules);
  if (next.value === el.value) return;
  el.value = next.value;
  if (next.caret !== null) el.setSelectionRange(next.caret, next.caret);
}

type TextControlProps = ComponentProps<typeof Input> & TypingRules & { ref?: Ref<InputRef> };

function TextControl({ upper, digits, onChange, ref, ...rest }: TextControlProps) {
  return (
    <Input
      {...rest}
      ref={ref}
      onChange={(e) => {
        applyTyping(e, { upper, digits });
        onChange?.(e);
      }}
    />
  );
}

type TextAreaControlProps = ComponentProps<typeof Input.TextArea> &
  TypingRules & {
    ref?: Ref<GetRef<typeof Input.TextArea>>;
  };

function TextAreaControl({ upper, digits, onChange, ref, ...rest }: TextAreaControlProps) {
  return (
    <Input.TextArea
      {...rest}
      ref={ref}
      onChange={(e) => {
        applyTyping(e, { upper, digits });
        onChange?.(e);
      }}
    />
  );
}
