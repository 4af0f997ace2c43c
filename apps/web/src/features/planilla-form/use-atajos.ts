import { useEffect, useRef } from 'react';
import { type AccionTeclado, accionDeTecla } from './planilla-rules.ts';

/** A dialog (the diagnosis lookup, a confirmation) has the focus or is open: the shortcuts wait. */
export function hayDialogo(e: KeyboardEvent): boolean {
  const target = e.target instanceof Element ? e.target : null;
  return (
    !!target?.closest('[role="dialog"]') ||
    !!document.querySelector('.ant-modal-wrap:not([style*="display: none"])')
  );
}

/**
 * The record's keyboard shortcuts (planilla-rules ATAJOS) on the window: each of `disponibles` calls
 * `accion` with the latest state, nothing while `ocupado` (a request of the record runs) or a dialog
 * is open. Active while `activo`.
 */
export function useAtajos(
  disponibles: readonly AccionTeclado[],
  ocupado: boolean,
  accion: (a: AccionTeclado) => void,
  activo = true,
) {
  const ocupadoRef = useRef(ocupado);
  ocupadoRef.current = ocupado;
  const accionRef = useRef(accion);
  accionRef.current = accion;
  const clave = disponibles.join(',');
  useEffect(() => {
    if (!activo) return;
    const lista = clave.split(',') as AccionTeclado[];
    const onKey = (e: KeyboardEvent) => {
      const a = accionDeTecla(e, lista);
      if (!a || hayDialogo(e)) return;
      e.preventDefault();
      if (ocupadoRef.current) return;
      accionRef.current(a);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [clave, activo]);
}
