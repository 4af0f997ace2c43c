import { Form, type FormInstance, Modal } from 'antd';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router';
import { alDescargar, cambiosSinGuardar, debePreguntar } from '../lib/cambios-sin-guardar.ts';

/**
 * Marks the page as holding changes while `sucio` (a wizard half-done); `activo: false` never marks.
 * Returns `guardado()`: call it when the changes were saved, before navigating, so leaving after a
 * successful save does not ask.
 */
export function useMarcaCambios(sucio: boolean, mensaje?: string) {
  const id = useRef<symbol>(null);
  if (!id.current) id.current = Symbol('formulario');
  const clave = id.current;
  useEffect(() => {
    cambiosSinGuardar.marcar(clave, sucio, mensaje);
  }, [clave, sucio, mensaje]);
  useEffect(() => () => cambiosSinGuardar.marcar(clave, false), [clave]);
  return { guardado: useCallback(() => cambiosSinGuardar.marcar(clave, false), [clave]) };
}

/**
 * Marks an antd form while the user has touched any of its fields since it opened or was last saved.
 * `activo: false` (a closed modal, a read-only form) never marks. `guardado()` clears the mark at once
 * and counts the fields as untouched again.
 */
export function useAvisoCambios(form: FormInstance, activo = true) {
  const id = useRef<symbol>(null);
  if (!id.current) id.current = Symbol('formulario');
  const clave = id.current;
  // Re-renders on every change of the form's values (typing, a select, a switch).
  const valores = Form.useWatch([], { form, preserve: true });
  useEffect(() => {
    // `valores` is read so the effect runs on every change of the form.
    void valores;
    cambiosSinGuardar.marcar(clave, activo && safeTouched(form));
  }, [valores, form, activo, clave]);
  useEffect(() => () => cambiosSinGuardar.marcar(clave, false), [clave]);
  return {
    guardado: useCallback(() => {
      cambiosSinGuardar.marcar(clave, false);
      const nombres = Object.keys(form.getFieldsValue(true) ?? {});
      form.setFields(nombres.map((name) => ({ name, touched: false })));
    }, [clave, form]),
  };
}

/** `isFieldsTouched` of a form not yet connected (a closed modal) warns and answers false. */
function safeTouched(form: FormInstance) {
  try {
    return form.isFieldsTouched();
  } catch {
    return false;
  }
}

/**
 * The one guard of the signed-in pages: an in-app navigation away from a page whose forms hold
 * changes asks 'Hay cambios sin guardar. ¿Desea salir sin guardarlos?' (Salir / Quedarse); a reload
 * or closing the tab gets the browser's own question.
 */
export function AvisoSalida() {
  const [modal, contextHolder] = Modal.useModal();
  const hay = useSyncExternalStore(cambiosSinGuardar.suscribir, cambiosSinGuardar.hayCambios);
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    debePreguntar(cambiosSinGuardar, currentLocation, nextLocation),
  );
  const abierto = useRef(false);

  useEffect(() => {
    if (!hay) return;
    const handler = alDescargar(cambiosSinGuardar);
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [hay]);

  useEffect(() => {
    if (blocker.state !== 'blocked' || abierto.current) return;
    abierto.current = true;
    modal.confirm({
      title: 'Cambios sin guardar',
      content: cambiosSinGuardar.mensaje(),
      okText: 'Salir sin guardar',
      okButtonProps: { danger: true },
      cancelText: 'Quedarse',
      autoFocusButton: 'cancel',
      onOk: () => {
        abierto.current = false;
        cambiosSinGuardar.descartarTodo();
        blocker.proceed();
      },
      onCancel: () => {
        abierto.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal]);

  return contextHolder;
}
