import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { planillaUpdateSchema } from '@app/domain/planillas/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import type { NombreDiag, Nombres } from './diagnosticos-field.tsx';
import { type Planilla, type PlanillaBody, planillaKeys } from './planilla-api.ts';
import {
  cuerpoGuardar,
  DIAG_SLOTS,
  type DiagSlot,
  diagField,
  diagNombre,
  type FormValues,
  valoresIniciales,
} from './planilla-rules.ts';

const FIELDS = [
  'cedula',
  'nombre',
  ...DIAG_SLOTS.map(diagField),
  'codigoVal',
  'fechaDesde',
  'fechaHasta',
  'horaDesde',
  'horaHasta',
] as const;

const comparable = (v: FormValues) => JSON.stringify(cuerpoGuardar(v, 0));

function nombresIniciales(p: Planilla): Nombres {
  const out: Nombres = {};
  for (const n of DIAG_SLOTS) {
    const codigo = p[diagField(n)];
    if (codigo) {
      const texto = diagNombre(p, n);
      out[n] = { codigo, texto, estado: texto ? 'ok' : 'noEncontrado' };
    }
  }
  return out;
}

/**
 * The record's form state ('Datos de la atención'): the values last synced from the server (to tell
 * unsaved edits apart), the diagnoses' names, the client-side check before a save and the server's
 * field errors after one. A newer version from the server replaces the fields unless the user has
 * unsaved edits; another attention (the page stays mounted from one to the next, issue 14 §1)
 * replaces them always (leaving one with changes asked first), its errors cleared, before the
 * browser paints.
 */
export function usePlanillaForm(p: Planilla) {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const base = useRef(comparable(valoresIniciales(p)));
  const [nombres, setNombres] = useState<Nombres>(() => nombresIniciales(p));
  const setNombre = useCallback(
    (n: DiagSlot, v: NombreDiag | undefined) => setNombres((old) => ({ ...old, [n]: v })),
    [],
  );
  const hayCambios = () => comparable(form.getFieldsValue(true) as FormValues) !== base.current;

  const deAtencion = useRef(p.idPlanilla);
  useLayoutEffect(() => {
    const nuevos = valoresIniciales(p);
    if (deAtencion.current !== p.idPlanilla) {
      deAtencion.current = p.idPlanilla;
      form.setFields(FIELDS.map((name) => ({ name, value: nuevos[name], errors: [] })));
      setNombres(nombresIniciales(p));
    } else if (
      comparable(form.getFieldsValue(true) as FormValues) === base.current ||
      comparable(nuevos) === base.current
    ) {
      form.setFieldsValue(nuevos);
      setNombres(nombresIniciales(p));
    }
    base.current = comparable(nuevos);
  }, [p, form]);

  /** The server's record becomes the form and its new base (after a save). */
  function sincronizar(item: Planilla) {
    const nuevos = valoresIniciales(item);
    form.setFieldsValue(nuevos);
    base.current = comparable(nuevos);
    setNombres(nombresIniciales(item));
  }

  /** The server's current record replaces the form, unsaved edits included (after a 409). */
  async function recargar() {
    await queryClient.refetchQueries({ queryKey: planillaKeys.detail(p.idPlanilla), exact: true });
    const fresh = queryClient.getQueryData<Planilla>(planillaKeys.detail(p.idPlanilla));
    if (!fresh) return;
    sincronizar(fresh);
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
  }

  /** The body to save, or null with the errors on their fields (the first one focused). */
  function validar(): PlanillaBody | null {
    const v = form.getFieldsValue(true) as FormValues;
    const body = cuerpoGuardar(v, p.version);
    const errores = new Map<string, string>();
    const parsed = planillaUpdateSchema.safeParse(body);
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        const k = String(i.path[0] ?? '');
        if (k && !errores.has(k)) errores.set(k, i.message);
      }
    }
    for (const n of DIAG_SLOTS) {
      const f = diagField(n);
      const nombre = nombres[n];
      if (nombre?.estado === 'noEncontrado' && nombre.codigo === body[f] && !errores.has(f))
        errores.set(f, MSG_PLANILLA.diagnosticoNoEncontrado);
    }
    form.setFields(
      FIELDS.map((name) => ({ name, errors: errores.has(name) ? [errores.get(name) as string] : [] })),
    );
    if (errores.size === 0) return body;
    const first = FIELDS.find((f) => errores.has(f));
    if (first) form.scrollToField(first, { focus: true, block: 'nearest' });
    return null;
  }

  /** A refused save's field errors on their fields; false when the error names none of them. */
  function erroresServidor(e: unknown): boolean {
    const fields = e instanceof ApiError ? e.fields : undefined;
    const known = FIELDS.filter((k) => fields && k in fields);
    if (!fields || known.length === 0) return false;
    form.setFields(known.map((k) => ({ name: k, errors: [fields[k]] })));
    form.scrollToField(known[0], { focus: true, block: 'nearest' });
    return true;
  }

  return { form, nombres, setNombre, hayCambios, recargar, sincronizar, validar, erroresServidor };
}
