import { FLAG_GROUPS, FLAG_LABELS, type Flags, USER_FLAGS } from '@app/domain';
import { Col, Divider, Form, type FormInstance, Row as GridRow, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { FlagSwitch } from '../../components/form/field-controls.tsx';
import type { FieldSpec } from '../../components/form/field-spec.ts';
import { api } from '../../lib/api.ts';
import type { Row } from './admin-api.ts';
import { OPTIONS } from './opciones.ts';

/*
 * The person wizard's user step (docs/decisions.md 92): its fields and switches, until the wizard
 * moves to the declared user too; the other screens' users are the declared list (`catalogTab`).
 */

/** The user fields of the wizard's second step (the person is the wizard's). */
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

/** The wizard's 13 switches; choosing a profile copies its flags into them (docs/spec-summary.md 002 §3). */
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
