import {
  FLAG_GROUPS,
  FLAG_LABELS,
  type Flags,
  USER_FLAGS,
  usuarioCreateSchema,
  usuarioUpdateSchema,
} from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Divider, Form, type FormInstance, Row as GridRow, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/use-session.ts';
import { adminApi, adminKeys, type Row, type Saved, type Usuario } from './admin-api.ts';
import type { FieldSpec } from './components/fields.tsx';
import { FlagSwitch } from './components/fields.tsx';
import { FormModal } from './components/form-modal.tsx';
import { OPTIONS } from './components/options.ts';

/** User form fields of docs/spec-summary.md 002 "User administration". */
export function usuarioFields(opts: { edit: boolean; fixedPersona?: boolean }): FieldSpec[] {
  const fields: FieldSpec[] = [
    {
      name: 'idPerfil',
      label: 'Perfil',
      kind: 'select',
      required: true,
      options: OPTIONS.perfil,
      currentLabelField: 'perfilNombre',
    },
    {
      name: 'idSuscripcion',
      label: 'Suscripción',
      kind: 'select',
      required: true,
      options: OPTIONS.suscripcion,
    },
    { name: 'nombre', label: 'Usuario (correo electrónico)', kind: 'email', required: true, maxLength: 160 },
    {
      name: 'clave',
      label: 'Contraseña',
      kind: 'password',
      required: !opts.edit,
      placeholder: opts.edit ? 'Déjela en blanco para conservar la actual' : 'Al menos 8 caracteres',
    },
  ];
  if (!opts.fixedPersona) {
    fields.splice(2, 0, {
      name: 'idPersona',
      label: 'Persona',
      kind: 'select',
      options: OPTIONS.persona,
      currentLabelField: 'personaNombre',
    });
  }
  return fields;
}

export const flagsOf = (values: Row): Flags =>
  Object.fromEntries(USER_FLAGS.map((f) => [f, values[f] === true])) as Flags;

/**
 * The 13 module/menu/option switches. Choosing a profile copies its flags into them (docs/spec-summary.md 002 §3);
 * the administrator may then toggle each one.
 */
export function FlagsEditor({
  form,
  copyOnProfileChange,
}: {
  form: FormInstance<Row>;
  copyOnProfileChange: boolean;
}) {
  const idPerfil = Form.useWatch('idPerfil', form) as number | undefined;
  const previous = useRef(idPerfil);
  useEffect(() => {
    const before = previous.current;
    previous.current = idPerfil;
    if (!idPerfil || idPerfil === before) return;
    if (!copyOnProfileChange && before === undefined) return;
    const ctrl = new AbortController();
    api<Flags>(`/catalogos/perfil/${idPerfil}`, { signal: ctrl.signal })
      .then((perfil) =>
        form.setFieldsValue(Object.fromEntries(USER_FLAGS.map((f) => [f, perfil[f] === true]))),
      )
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [idPerfil, form, copyOnProfileChange]);
  return (
    <>
      <Divider titlePlacement="start" style={{ marginTop: 4 }}>
        Permisos
      </Divider>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        Al elegir el perfil se copian sus permisos; puede ajustarlos uno a uno.
      </Typography.Paragraph>
      {FLAG_GROUPS.map((g) => (
        <div key={g.title}>
          <Typography.Text strong>{g.title}</Typography.Text>
          <GridRow gutter={16} style={{ marginTop: 8 }}>
            {g.flags.map((f) => (
              <Col key={f} xs={12} md={8}>
                <Form.Item
                  name={f}
                  label={FLAG_LABELS[f]}
                  valuePropName="checked"
                  style={{ marginBottom: 12 }}
                >
                  <FlagSwitch />
                </Form.Item>
              </Col>
            ))}
          </GridRow>
        </div>
      ))}
    </>
  );
}

/** 'Crear Usuarios' / 'Editar Usuarios' modal; the company and the stamps come from the session on the server. */
export function UsuarioFormModal({
  open,
  record,
  idPersona,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: Usuario | null;
  /** Fixed person (tabs of a person). */
  idPersona?: number;
  onClose: () => void;
  onSaved?: (res: Saved<Usuario>) => void;
}) {
  const queryClient = useQueryClient();
  const session = useSession();
  const edit = !!record;
  const fields = usuarioFields({ edit, fixedPersona: idPersona !== undefined });
  const initial: Row = record
    ? { ...record, clave: undefined }
    : {
        idSuscripcion: session?.usuario.idSuscripcion ?? undefined,
        ...Object.fromEntries(USER_FLAGS.map((f) => [f, false])),
      };
  return (
    <FormModal<Usuario>
      open={open}
      title={edit ? 'Editar Usuarios' : 'Crear Usuarios'}
      record={record as Row | null}
      idField="idUsuario"
      width={820}
      fields={fields}
      initialValues={{
        ...initial,
        ...Object.fromEntries(USER_FLAGS.map((f) => [f, (initial[f] as boolean) ?? false])),
      }}
      schema={edit ? usuarioUpdateSchema : usuarioCreateSchema}
      extra={(values) => ({ ...flagsOf(values), ...(idPersona !== undefined ? { idPersona } : {}) })}
      submit={(payload) =>
        record ? adminApi.usuarios.update(record.idUsuario, payload) : adminApi.usuarios.create(payload)
      }
      onSaved={(res) => {
        void queryClient.invalidateQueries({ queryKey: adminKeys.all('usuarios') });
        onSaved?.(res);
      }}
      onClose={onClose}
    >
      <FormFlags edit={edit} />
    </FormModal>
  );
}

function FormFlags({ edit }: { edit: boolean }) {
  const form = Form.useFormInstance<Row>();
  return <FlagsEditor form={form} copyOnProfileChange={!edit} />;
}
