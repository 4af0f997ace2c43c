import { formatDateTime } from '@app/domain';
import { Col, Form, Row as GridRow, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import type { Row, Saved } from '../admin-api.ts';
import type { FieldSpec } from './fields.tsx';
import { FieldGrid, type RecordFormOptions, toFormValues, useRecordForm } from './record-form.tsx';

export type FormModalProps<T> = RecordFormOptions<T> & {
  open: boolean;
  /** 'Crear …' / 'Editar …' (docs/spec-summary.md 002 modals). */
  title: string;
  record?: Row | null;
  /** The record's id field, shown read-only on edit with its fechaReg. */
  idField?: string;
  readOnly?: boolean;
  width?: number;
  onClose: () => void;
  /** More controls inside the form (flags, notes). */
  children?: ReactNode;
  /** Values of the form when it opens (default: from the record). */
  initialValues?: Row;
  onValuesChange?: (changed: Row, all: Row) => void;
};

/** Create/edit modal of an administration list: 'Guardar' in create mode, 'Actualizar' in edit mode. */
export function FormModal<T>({
  open,
  title,
  record,
  idField,
  readOnly,
  width,
  onClose,
  children,
  initialValues,
  onValuesChange,
  ...opts
}: FormModalProps<T>) {
  const edit = !!record;
  const { form, run, saving, fieldRule, contextHolder } = useRecordForm<T>({
    ...opts,
    warnOnLeave: open && !readOnly,
    onSaved: (res: Saved<T>) => {
      onClose();
      opts.onSaved?.(res);
    },
  });
  const fields: FieldSpec[] = opts.fields;
  return (
    <>
      {contextHolder}
      <Modal
        open={open}
        title={title}
        width={width ?? (fields.length > 5 ? 760 : 560)}
        style={{ top: 40 }}
        styles={{
          body: { maxHeight: 'calc(100vh - 210px)', overflowY: 'auto', padding: '0 4px', margin: '0 -4px' },
        }}
        okText={edit ? 'Actualizar' : 'Guardar'}
        cancelText={readOnly ? 'Cerrar' : 'Cancelar'}
        okButtonProps={{ htmlType: 'submit', style: readOnly ? { display: 'none' } : undefined }}
        cancelButtonProps={{ disabled: saving }}
        confirmLoading={saving}
        closable={!saving}
        keyboard={!saving}
        mask={{ closable: false }}
        onCancel={() => {
          if (!saving) onClose();
        }}
        destroyOnHidden
        afterOpenChange={(isOpen) => {
          const first = fields.find((f) => !f.disabled);
          if (isOpen && !readOnly && first) form.focusField(first.name);
        }}
        modalRender={(dom) => (
          <Form
            form={form}
            name="modal"
            layout="vertical"
            initialValues={initialValues ?? toFormValues(fields, record)}
            disabled={readOnly}
            onFinish={run}
            onFinishFailed={({ errorFields }) => {
              if (errorFields[0]) form.scrollToField(errorFields[0].name, { focus: true, block: 'nearest' });
            }}
            onValuesChange={onValuesChange}
            clearOnDestroy
            validateTrigger={['onChange', 'onBlur']}
          >
            {dom}
          </Form>
        )}
      >
        {record && idField && (
          <GridRow gutter={16}>
            <Col span={8}>
              <Form.Item label="ID" htmlFor="admin-form-id">
                <Input id="admin-form-id" value={String(record[idField] ?? '')} readOnly variant="filled" />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item label="Fecha de registro" htmlFor="admin-form-fechareg">
                <Input
                  id="admin-form-fechareg"
                  value={formatDateTime(record.fechaReg as string)}
                  readOnly
                  variant="filled"
                />
              </Form.Item>
            </Col>
          </GridRow>
        )}
        <FieldGrid
          fields={fields}
          record={record}
          fieldRule={fieldRule}
          readOnly={readOnly}
          schema={opts.schema}
        />
        {children}
      </Modal>
    </>
  );
}
