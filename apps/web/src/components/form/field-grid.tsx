import { Col, Form, Row as GridRow, Input } from 'antd';
import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import { fieldMaxLength } from '../max-length.ts';
import { DateInput, FlagSwitch, OptionSelect, TypedInput, TypedTextArea } from './field-controls.tsx';
import { type FieldSpec, type Row, typingFilter } from './field-spec.ts';

/**
 * The most characters a text field takes: the shared schema's `.max(n)` / `.length(n)` (what the API
 * enforces), else the spec's `maxLength`. Shown as a counter under the field.
 */
export function limitOf(f: FieldSpec, schema?: ZodType): number | undefined {
  if (f.kind === 'select' || f.kind === 'date' || f.kind === 'switch') return undefined;
  return fieldMaxLength(schema, f.name) ?? f.maxLength;
}

/** The controls of a list of field specs, in a grid; `schema` gives the text fields their limits. */
export function FieldGrid({
  fields,
  record,
  fieldRule,
  readOnly,
  schema,
}: {
  fields: readonly FieldSpec[];
  record?: Row | null;
  fieldRule: (name: string) => { validator: () => Promise<void> };
  readOnly?: boolean;
  schema?: ZodType;
}) {
  return (
    <GridRow gutter={16}>
      {fields.map((f) => (
        <Col key={f.name} xs={24} md={f.span ?? 12}>
          <Form.Item
            name={f.name}
            label={f.label}
            required={f.required}
            rules={readOnly ? [] : [fieldRule(f.name)]}
            valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
          >
            {control({ ...f, maxLength: limitOf(f, schema) }, record, readOnly)}
          </Form.Item>
        </Col>
      ))}
    </GridRow>
  );
}

function control(f: FieldSpec, record: Row | null | undefined, readOnly?: boolean): ReactNode {
  const disabled = readOnly || f.disabled;
  switch (f.kind) {
    case 'textarea':
      return (
        <TypedTextArea
          upper
          maxLength={f.maxLength}
          showCount={!!f.maxLength}
          autoSize={{ minRows: 2, maxRows: 5 }}
          disabled={disabled}
        />
      );
    case 'date':
      return <DateInput disabled={disabled} />;
    case 'switch':
      return <FlagSwitch disabled={disabled} />;
    case 'select':
      return (
        <OptionSelect
          source={f.options}
          disabled={disabled}
          allowClear={!f.required}
          placeholder={f.placeholder}
          currentLabel={f.currentLabelField ? (record?.[f.currentLabelField] as string | null) : null}
        />
      );
    case 'password':
      return (
        <Input.Password
          maxLength={f.maxLength ?? 200}
          autoComplete={f.autoComplete ?? 'new-password'}
          disabled={disabled}
          placeholder={f.placeholder}
        />
      );
    case 'email':
      return (
        <Input
          inputMode="email"
          maxLength={f.maxLength ?? 160}
          showCount
          autoComplete={f.autoComplete ?? 'off'}
          disabled={disabled}
          placeholder={f.placeholder}
        />
      );
    default:
      return (
        <TypedInput
          filter={typingFilter(f.kind, f.maxLength)}
          // Digits are cut by the filter after dropping separators, so a pasted '099-123-4567' keeps 10 digits.
          maxLength={f.kind === 'digits' ? undefined : f.maxLength}
          count={f.maxLength ? { show: true, max: f.maxLength } : undefined}
          inputMode={f.kind === 'digits' ? 'numeric' : undefined}
          autoComplete={f.autoComplete ?? 'off'}
          disabled={disabled}
          placeholder={f.placeholder}
        />
      );
  }
}
