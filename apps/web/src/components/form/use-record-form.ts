import { Form } from 'antd';
import { useRef } from 'react';
import type { ZodType } from 'zod';
import { useAvisoCambios } from '../../app/aviso-salida.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { useFeedback } from '../use-feedback.tsx';
import { type FieldSpec, issuesByField, type Row, toPayload } from './field-spec.ts';

/** What a create or update answers: the message, the row, and a warning that did not stop the save. */
export type Saved<T = Row> = { mensaje: string; item: T; aviso?: string | null };

export type RecordFormOptions<T> = {
  fields: readonly FieldSpec[];
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
