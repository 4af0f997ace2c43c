import { Form, type FormInstance } from 'antd';
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

/** What a form does with a save's answer: after success, and with the server's field errors. */
export type SaveHandlers<T> = {
  onSaved: (res: Saved<T>) => void;
  /** Server field errors (anything else goes to the '¡Error!' dialog). */
  onFieldErrors: (errors: Record<string, string>, fallback: string) => void;
  /** The success text instead of the server's. */
  message?: (res: Saved<T>) => string;
};

/**
 * The save of a form, shared by the catalogue modal and the page forms: sent once (`useEnvio`: a
 * second click while it runs is ignored), then the leave warning cleared, the server's message and
 * its warning shown; field errors go back to the form, anything else to the '¡Error!' dialog.
 */
export function useFormSave<B, T>(
  form: FormInstance,
  submit: (body: B) => Promise<Saved<T>>,
  warnOnLeave: boolean,
) {
  const feedback = useFeedback();
  const save = useEnvio({ mutationFn: submit });
  const cambios = useAvisoCambios(form, warnOnLeave);
  function send(body: B, h: SaveHandlers<T>) {
    save.mutate(body, {
      onSuccess: (res) => {
        cambios.guardado();
        feedback.success(h.message?.(res) ?? res.mensaje);
        if (res.aviso) feedback.notification.warning({ title: 'Aviso', description: res.aviso });
        h.onSaved(res);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields && Object.keys(e.fields).length > 0)
          h.onFieldErrors(e.fields, e.message);
        else feedback.saveError(e.message);
      },
    });
  }
  return { send, saving: save.isPending, feedback, guardado: cambios.guardado };
}

/**
 * Validation and saving of the page forms: the shared schema first (every field's message under
 * it, the first invalid field focused), then the save (`useFormSave`); server field errors land
 * under their fields, anything else in the '¡Error!' dialog.
 */
export function useRecordForm<T>(opts: RecordFormOptions<T>) {
  const [form] = Form.useForm<Row>();
  const { send, saving, feedback, guardado } = useFormSave(form, opts.submit, opts.warnOnLeave ?? true);

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
    const values = form.getFieldsValue(true) as Row;
    const payload = { ...toPayload(opts.fields, values), ...(opts.extra?.(values) ?? {}) };
    const errors = opts.schema ? issuesByField(opts.schema, payload) : null;
    if (errors) {
      showErrors(errors);
      return;
    }
    send(payload, {
      onSaved: (res) => opts.onSaved?.(res),
      onFieldErrors: showErrors,
      message: opts.successMessage,
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
    saving,
    fieldRule,
    contextHolder: feedback.contextHolder,
    feedback,
    /** The form's changes were saved or dropped on purpose: leaving no longer asks. */
    guardado,
  };
}
