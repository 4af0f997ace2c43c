import { type CatalogField, refLabelName } from '@app/domain';
import { DatePicker, Form, type GetRef, Input, InputNumber, type InputRef, Select, Switch } from 'antd';
import type { ChangeEvent, ComponentProps, Ref } from 'react';
import { textMaxLength } from '../max-length.ts';
import { fetchCatalogRow } from './catalog-api.ts';
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
  /** An update: a password left empty keeps the stored one. */
  editing?: boolean;
  /** Given by Form.Item. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
};

/** The control of one declared field, generated from its type (a Form.Item's child). */
export function FieldControl({ field, record, fixed, editing, ...item }: ControlProps) {
  const f = { ...field, maxLength: limitOf(field) };
  const rest = item as Record<string, never>;
  switch (f.type) {
    case 'password':
      return (
        <Input.Password
          {...rest}
          autoComplete="new-password"
          maxLength={f.maxLength}
          placeholder={editing ? 'Déjela en blanco para conservar la actual' : 'Al menos 8 caracteres'}
        />
      );
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
      if (f.ref?.copy) return <CopyingRefSelect field={f} record={record} {...rest} />;
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

/**
 * A reference whose chosen row's fields are copied into the form (`ref.copy`: a profile's flags into the
 * user's switches) each time the user chooses one; the user may then change them.
 */
function CopyingRefSelect({ field, record, onChange, ...rest }: Omit<ControlProps, 'fixed'>) {
  const form = Form.useFormInstance();
  const ref = field.ref!;
  return (
    <RefSelect
      {...(rest as Record<string, never>)}
      catalog={ref.catalog}
      labelField={ref.labelField}
      currentLabel={record?.[refLabelName(field)]}
      allowClear={!field.required}
      onChange={(value: unknown) => {
        onChange?.(value);
        if (value === undefined || value === null) return;
        fetchCatalogRow(ref.catalog, value)
          .then((row) => form.setFieldsValue(Object.fromEntries((ref.copy ?? []).map((n) => [n, row[n]]))))
          .catch(() => undefined);
      }}
    />
  );
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
