import { type CatalogDef, validateCatalogInput } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Divider, Form, Input, Modal, Row, Typography } from 'antd';
import { useSession } from '../../lib/use-session.ts';
import { campoEnFoco } from '../campo-en-foco.ts';
import { FormWarning } from '../form/form-warning.tsx';
import { useFormSave } from '../form/use-record-form.ts';
import { catalogKeys, createCatalogRow, updateCatalogRow } from './catalog-api.ts';
import { FieldControl } from './catalog-controls.tsx';
import {
  type CatalogRow,
  emptyFormValues,
  type FormValues,
  formFields,
  groupedFields,
  orderedErrors,
  stampDateTime,
  toFormValues,
  toPayload,
} from './catalog-values.ts';

export type CatalogFormMode = 'create' | 'edit';

export type CatalogFormProps = {
  def: CatalogDef;
  open: boolean;
  /** The row to edit; null or absent opens the form in create mode. */
  record?: CatalogRow | null;
  /** Shows the record without saving (the user lacks the catalogue's write flag). */
  readOnly?: boolean;
  /** Values set by the screen, not the user (a master-detail parent id): not shown, always sent. */
  fixedValues?: FormValues;
  onClose: () => void;
  /** After a successful save (the modal is already closing and the catalogue's lists reloading). */
  onSaved?: (item: CatalogRow, mode: CatalogFormMode) => void;
};

/** More than this many fields and the modal grows to two columns. */
const ONE_COLUMN_MAX = 5;

/**
 * The create/edit modal of a catalogue, generated from its declaration: 'Crear {singular}' with
 * 'Guardar', 'Editar {singular}' with 'Actualizar'. The shared check (`validateCatalogInput`) runs on
 * every field before anything is sent; server field errors land under their fields.
 */
export function CatalogForm({
  def,
  open,
  record,
  readOnly = false,
  fixedValues,
  onClose,
  onSaved,
}: CatalogFormProps) {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const fixed = fixedValues ?? {};
  const mode: CatalogFormMode = record ? 'edit' : 'create';
  const id = record?.[def.idField];
  const grouped = groupedFields(def);
  const all = formFields(def, fixed);
  const fields = all.filter((f) => !grouped.has(f.name));
  const twoColumns = fields.length > ONE_COLUMN_MAX;
  const schemaMode = mode === 'edit' ? 'update' : 'create';
  const session = useSession();

  // Leaving the page (or reloading) with changes typed in the open modal asks first.
  const { send, saving, feedback } = useFormSave<FormValues, CatalogRow>(
    form,
    (body) => (mode === 'edit' ? updateCatalogRow(def.name, id, body) : createCatalogRow(def.name, body)),
    open && !readOnly,
  );

  /** Field errors under their fields and the first one focused; anything else in the error dialog. */
  function showErrors(errors: Record<string, string>, fallback?: string) {
    const list = orderedErrors(def, errors, fixed);
    const onFields = list.filter((e): e is { field: string; message: string } => e.field !== null);
    if (onFields.length === 0) {
      feedback.saveError(list[0]?.message ?? fallback);
      return;
    }
    form.setFields(onFields.map((e) => ({ name: e.field, errors: [e.message] })));
    form.scrollToField(onFields[0].field, { focus: true, block: 'nearest' });
  }

  function submit(values: FormValues) {
    if (readOnly) return;
    const body = toPayload(def, { ...form.getFieldsValue(true), ...values }, fixed);
    const errors = validateCatalogInput(def, body, schemaMode);
    if (errors) {
      showErrors(errors);
      return;
    }
    send(body, {
      onSaved: (res) => {
        void queryClient.invalidateQueries({ queryKey: catalogKeys.all(def.name) });
        onClose();
        onSaved?.(res.item, mode);
      },
      onFieldErrors: showErrors,
    });
  }

  /** The shared check for one field, so a corrected field loses its message as the user types. */
  const fieldRule = (name: string) => ({
    validator: async () => {
      const message = validateCatalogInput(
        def,
        toPayload(def, form.getFieldsValue(true), fixed),
        schemaMode,
      )?.[name];
      if (message) throw new Error(message);
    },
  });

  const title = readOnly
    ? `Detalle de ${def.singular}`
    : `${mode === 'edit' ? 'Editar' : 'Crear'} ${def.singular}`;
  const initialValues = record ? toFormValues(def, record, fixed) : emptyFormValues(def, fixed);
  // A new row starts with the user's own row where a reference allows it (the user's subscription).
  if (!record)
    for (const f of all) {
      const own = f.ref?.orOwn ? session?.usuario[f.ref.orOwn] : undefined;
      if (own !== undefined && own !== null && initialValues[f.name] === undefined)
        initialValues[f.name] = own;
    }
  const control = (f: (typeof all)[number]) => (
    <Form.Item
      name={f.name}
      label={f.label}
      required={f.required && !(mode === 'edit' && f.type === 'password')}
      rules={[fieldRule(f.name)]}
      valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
      style={grouped.has(f.name) ? { marginBottom: 12 } : undefined}
    >
      <FieldControl field={f} record={record} fixed={fixed} editing={mode === 'edit'} />
    </Form.Item>
  );

  return (
    <>
      {feedback.contextHolder}
      <Modal
        open={open}
        title={title}
        width={def.formGroups ? 820 : twoColumns ? 760 : 560}
        style={{ top: 40 }}
        // Long forms scroll inside the modal so the title and the buttons stay in view on 768px screens.
        styles={{
          body: { maxHeight: 'calc(100vh - 210px)', overflowY: 'auto', padding: '0 4px', margin: '0 -4px' },
        }}
        okText={mode === 'edit' ? 'Actualizar' : 'Guardar'}
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
          // The first field, unless the user already went into one while the modal was opening.
          if (isOpen && !readOnly && fields[0] && !campoEnFoco()) form.focusField(fields[0].name);
        }}
        modalRender={(dom) => (
          <Form<FormValues>
            form={form}
            name={`catalogo_${def.name}`}
            layout="vertical"
            initialValues={initialValues}
            disabled={readOnly}
            onFinish={submit}
            onFinishFailed={({ errorFields }) => {
              if (errorFields[0]) form.scrollToField(errorFields[0].name, { focus: true, block: 'nearest' });
            }}
            clearOnDestroy
            requiredMark
            validateTrigger={['onChange', 'onBlur']}
          >
            {dom}
          </Form>
        )}
      >
        {record && (
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item label="ID" htmlFor="catalogo-form-id">
                <Input id="catalogo-form-id" value={String(id ?? '')} readOnly variant="filled" />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item label="Fecha de registro" htmlFor="catalogo-form-fechareg">
                <Input id="catalogo-form-fechareg" value={stampDateTime(record)} readOnly variant="filled" />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Row gutter={16}>
          {fields.map((f) => (
            <Col key={f.name} span={twoColumns && f.type !== 'textarea' ? 12 : 24}>
              {control(f)}
            </Col>
          ))}
        </Row>
        {def.formGroups && (
          <>
            <Divider titlePlacement="start" style={{ marginTop: 4 }}>
              {def.formGroups.title}
            </Divider>
            {def.formGroups.note && (
              <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
                {def.formGroups.note}
              </Typography.Paragraph>
            )}
            {def.formGroups.groups.map((g) => (
              <div key={g.title}>
                <Typography.Text strong>{g.title}</Typography.Text>
                <Row gutter={16} style={{ marginTop: 8 }}>
                  {all
                    .filter((f) => g.fields.includes(f.name))
                    .map((f) => (
                      <Col key={f.name} xs={12} md={8}>
                        {control(f)}
                      </Col>
                    ))}
                </Row>
              </div>
            ))}
          </>
        )}
        {def.warning && <FormWarning warning={def.warning} />}
      </Modal>
    </>
  );
}
