import { fieldErrors } from '@app/domain/common/errors';
import { Form, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useRef } from 'react';
import type { ZodType } from 'zod';
import { useAvisoCambios } from '../../../app/aviso-salida.tsx';
import { useFeedback } from '../../../components/use-feedback.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useEnvio } from '../../../lib/use-envio.ts';
import type { Row, Saved } from '../admin-api.ts';
import { type FieldSpec, toDayjs } from './fields.tsx';

export { FieldGrid, limitOf } from './field-grid.tsx';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An API row as the form's values (dates as Dayjs). */
export function toFormValues(fields: FieldSpec[], row: Row | null | undefined): Row {
  const out: Row = {};
  for (const f of fields) {
    const v = row?.[f.name];
    if (f.kind === 'switch') out[f.name] = v === true;
    else if (f.kind === 'date') out[f.name] = toDayjs(v);
    else if (f.kind === 'password') out[f.name] = undefined;
    else if (blank(v)) out[f.name] = undefined;
    else out[f.name] = f.kind === 'select' ? v : String(v);
  }
  return out;
}

/** The form's values as the API body: trimmed text, dates 'YYYY-MM-DD', blanks left out (the schema names them). */
export function toPayload(fields: FieldSpec[], values: Row): Row {
  const out: Row = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'switch') out[f.name] = v === true;
    else if (f.kind === 'date') out[f.name] = dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : undefined;
    else if (blank(v)) out[f.name] = undefined;
    else out[f.name] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** First message per field of a failed zod parse. */
export function issuesByField(schema: ZodType, payload: unknown): Record<string, string> | null {
  const res = schema.safeParse(payload);
  return res.success ? null : fieldErrors(res.error);
}

export type RecordFormOptions<T> = {
  fields: FieldSpec[];
  /** The same zod schema the API validates with. */
  schema?: ZodType;
  /** Extra values sent with the payload (fixed ids, flags kept outside `fields`). */
  extra?: (values: Row) => Row;
  submit: (payload: Row) => Promise<Saved<T>>;
  onSaved?: (res: Saved<T>) => void;
  /** The success text instead of the server's (a wizard says which step was done). */
  successMessage?: (res: Saved<T>) => string;
  /**
   * Whether leaving the page with changes asks first (default true; a modal passes whether it is
   * open). A successful save clears the changes before `onSaved` runs, so its navigation never asks.
   */
  warnOnLeave?: boolean;
};

/**
 * Validation and saving shared by modals and full-page forms: the shared schema first (every
 * field's message under it, the first invalid field focused), then the API; server field errors
 * land under their fields, anything else in the '¡Error!' dialog.
 */
export function useRecordForm<T>(opts: RecordFormOptions<T>) {
  const [form] = Form.useForm<Row>();
  const feedback = useFeedback();
  const busy = useRef(false);
  const save = useEnvio({ mutationFn: opts.submit });
  const cambios = useAvisoCambios(form, opts.warnOnLeave ?? true);

  function showErrors(errors: Record<string, string>, fallback?: string) {
    const known = opts.fields.map((f) => f.name).filter((n) => n in errors);
    const extraNames = Object.keys(errors).filter((k) => !known.includes(k));
    const onForm = extraNames.filter((k) => form.getFieldInstance(k) !== undefined);
    const names = [...known, ...onForm];
    if (names.length === 0) {
      feedback.saveError(Object.values(errors)[0] ?? fallback);
      return;
    }
    form.setFields(names.map((n) => ({ name: n, errors: [errors[n]] })));
    form.scrollToField(names[0], { focus: true, block: 'nearest' });
    const rest = extraNames.filter((k) => !onForm.includes(k));
    if (rest.length) feedback.saveError(errors[rest[0]]);
  }

  function run() {
    if (busy.current) return;
    const values = form.getFieldsValue(true) as Row;
    const payload = { ...toPayload(opts.fields, values), ...(opts.extra?.(values) ?? {}) };
    const errors = opts.schema ? issuesByField(opts.schema, payload) : null;
    if (errors) {
      showErrors(errors);
      return;
    }
    busy.current = true;
    save.mutate(payload, {
      onSettled: () => {
        busy.current = false;
      },
      onSuccess: (res) => {
        cambios.guardado();
        feedback.success(opts.successMessage?.(res) ?? res.mensaje);
        if (res.aviso) feedback.notification.warning({ title: 'Aviso', description: res.aviso });
        opts.onSaved?.(res);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields && Object.keys(e.fields).length > 0)
          showErrors(e.fields, e.message);
        else feedback.saveError(e.message);
      },
    });
  }

  /** The shared check for one field, so a corrected field loses its message as the user types. */
  const fieldRule = (name: string) => ({
    validator: async () => {
      if (!opts.schema) return;
      const values = form.getFieldsValue(true) as Row;
      const message = issuesByField(opts.schema, {
        ...toPayload(opts.fields, values),
        ...(opts.extra?.(values) ?? {}),
      })?.[name];
      if (message) throw new Error(message);
    },
  });

  return {
    form,
    run,
    saving: save.isPending,
    fieldRule,
    contextHolder: feedback.contextHolder,
    feedback,
    /** The form's changes were saved or dropped on purpose: leaving no longer asks. */
    guardado: cambios.guardado,
  };
}

export type { FormInstance };
