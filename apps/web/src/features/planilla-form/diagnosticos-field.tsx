import { SearchOutlined } from '@ant-design/icons';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { Button, Collapse, Form, type FormInstance, Input, Switch, Typography } from 'antd';
import { ApiError } from '../../lib/api.ts';
import { planillaApi } from './planilla-api.ts';
import { DIAG_SLOTS, type DiagSlot, diagField, type FormValues } from './planilla-rules.ts';

/** The name shown beside a slot's code, and the code it belongs to. */
export type NombreDiag = {
  codigo: string;
  texto: string | null;
  estado: 'ok' | 'cargando' | 'noEncontrado' | 'error';
};
export type Nombres = Partial<Record<DiagSlot, NombreDiag>>;

type Props = {
  form: FormInstance<FormValues>;
  formName: string;
  nombres: Nombres;
  setNombre: (n: DiagSlot, v: NombreDiag | undefined) => void;
  /** AM processing: only then are diagnoses editable (the API refuses the rest). */
  editable: boolean;
  /** Slot whose lookup is open (its toggle shows on meanwhile). */
  buscando: DiagSlot | null;
  onBuscar: (n: DiagSlot, texto: string) => void;
  /** Popup: slots 1–2, then an expander for 3–5. */
  compacto?: boolean;
};

/**
 * Up to five CIE-10 diagnoses (the first two required). Each slot has a toggle (on opens the
 * 'Lista de Diagnósticos' lookup, off clears the code and its name), the code (typed codes are looked
 * up on Enter or when leaving the field) and the catalogue's name.
 */
export function DiagnosticosField(props: Props) {
  const { compacto, form } = props;
  const d3 = Form.useWatch('diag3', form);
  const d4 = Form.useWatch('diag4', form);
  const d5 = Form.useWatch('diag5', form);
  if (!compacto) return DIAG_SLOTS.map((n) => <Slot key={n} n={n} {...props} />);
  const extra = DIAG_SLOTS.filter((n) => n > 2);
  const llenos = [d3, d4, d5].filter((v) => (v ?? '').trim() !== '').length;
  return (
    <>
      <Slot n={1} {...props} />
      <Slot n={2} {...props} />
      <Collapse
        size="small"
        ghost
        style={{ marginBottom: 8 }}
        items={[
          {
            key: 'mas',
            forceRender: true,
            label: `Diagnósticos 3 a 5${llenos ? ` (${llenos} registrado${llenos === 1 ? '' : 's'})` : ''}`,
            children: extra.map((n) => <Slot key={n} n={n} {...props} />),
          },
        ]}
      />
    </>
  );
}

function Slot({
  n,
  form,
  formName,
  nombres,
  setNombre,
  editable,
  buscando,
  onBuscar,
}: Props & { n: DiagSlot }) {
  const f = diagField(n);
  const nombre = nombres[n];

  async function consultarNombre() {
    const codigo = ((form.getFieldValue(f) as string | undefined) ?? '').trim();
    if (!codigo) {
      setNombre(n, undefined);
      return;
    }
    if (nombre?.codigo === codigo && nombre.estado !== 'error') return;
    setNombre(n, { codigo, texto: null, estado: 'cargando' });
    try {
      const d = await planillaApi.diagnosticoPorCodigo(codigo);
      form.setFieldValue(f, d.codigo);
      setNombre(n, { codigo: d.codigo, texto: d.nombre, estado: 'ok' });
      form.setFields([{ name: f, errors: [] }]);
    } catch (e) {
      const noExiste = e instanceof ApiError && e.status === 404;
      setNombre(n, { codigo, texto: null, estado: noExiste ? 'noEncontrado' : 'error' });
      if (noExiste) form.setFields([{ name: f, errors: [MSG_PLANILLA.diagnosticoNoEncontrado] }]);
    }
  }

  const label = `Diagnóstico ${n}`;
  return (
    <Form.Item label={label} required={n <= 2} htmlFor={`${formName}_${f}`} style={{ marginBottom: 8 }}>
      <div className="pf-diag-row">
        <Form.Item noStyle shouldUpdate={(a, b) => a[f] !== b[f]}>
          {({ getFieldValue }) => (
            <Switch
              size="small"
              aria-label={`Activar ${label}`}
              checked={((getFieldValue(f) as string) ?? '').trim() !== '' || buscando === n}
              disabled={!editable}
              onChange={(on) => {
                if (on) onBuscar(n, (getFieldValue(f) as string) ?? '');
                else {
                  form.setFieldValue(f, '');
                  form.setFields([{ name: f, errors: [] }]);
                  setNombre(n, undefined);
                }
              }}
            />
          )}
        </Form.Item>
        <Form.Item name={f} noStyle normalize={(v?: string) => (v ?? '').toUpperCase()}>
          <Input
            maxLength={8}
            disabled={!editable}
            placeholder="CIE-10"
            autoComplete="off"
            onBlur={() => void consultarNombre()}
            onPressEnter={(e) => {
              e.preventDefault();
              void consultarNombre();
            }}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a[f] !== b[f]}>
          {({ getFieldValue }) => {
            const codigo = ((getFieldValue(f) as string) ?? '').trim();
            const vigente = nombre && nombre.codigo === codigo ? nombre : undefined;
            const texto = !codigo
              ? 'Sin diagnóstico'
              : vigente?.estado === 'ok'
                ? vigente.texto
                : vigente?.estado === 'cargando'
                  ? 'Consultando…'
                  : vigente?.estado === 'noEncontrado'
                    ? MSG_PLANILLA.diagnosticoNoEncontrado
                    : vigente?.estado === 'error'
                      ? MSG_PLANILLA.errorCargar
                      : 'Presione Enter para consultar el nombre';
            const vacio = !codigo || vigente?.estado !== 'ok';
            return (
              <Typography.Text
                className={vacio ? 'pf-diag-name pf-diag-name-empty' : 'pf-diag-name'}
                type={
                  vigente?.estado === 'noEncontrado' || vigente?.estado === 'error' ? 'danger' : undefined
                }
                title={texto ?? undefined}
                aria-live="polite"
              >
                {texto}
              </Typography.Text>
            );
          }}
        </Form.Item>
        <Button
          icon={<SearchOutlined />}
          aria-label={`Buscar ${label} en la Lista de Diagnósticos`}
          disabled={!editable}
          onClick={() => onBuscar(n, (form.getFieldValue(f) as string) ?? '')}
        />
      </div>
    </Form.Item>
  );
}
