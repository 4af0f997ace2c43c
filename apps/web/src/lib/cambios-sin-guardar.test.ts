import { describe, expect, it } from 'vitest';
import {
  alDescargar,
  crearRegistroCambios,
  debePreguntar,
  MENSAJE_CAMBIOS_SIN_GUARDAR,
} from './cambios-sin-guardar.ts';

/** Issue 14 §4: leaving a form with changes asks first, everywhere; never after a successful save. */
describe('forms with changes not saved', () => {
  it('a form marks itself while it holds changes and unmarks when saved', () => {
    const r = crearRegistroCambios();
    const a = Symbol('a');
    const b = Symbol('b');
    let avisos = 0;
    r.suscribir(() => avisos++);
    expect(r.hayCambios()).toBe(false);
    r.marcar(a, true);
    r.marcar(a, true);
    expect(avisos).toBe(1);
    r.marcar(b, true, 'El registro de la persona no está completo.');
    expect(r.hayCambios()).toBe(true);
    expect(r.mensaje()).toBe(MENSAJE_CAMBIOS_SIN_GUARDAR);
    r.marcar(a, false);
    expect(r.mensaje()).toBe('El registro de la persona no está completo.');
    r.marcar(b, false);
    expect(r.hayCambios()).toBe(false);
    expect(r.mensaje()).toBeNull();
  });

  it('choosing to leave drops every mark', () => {
    const r = crearRegistroCambios();
    r.marcar(Symbol(), true);
    r.marcar(Symbol(), true);
    r.descartarTodo();
    expect(r.hayCambios()).toBe(false);
  });

  it('an in-app navigation asks only when it leaves the page with changes', () => {
    const r = crearRegistroCambios();
    const aqui = { pathname: '/persona/nueva' };
    expect(debePreguntar(r, aqui, { pathname: '/persona' })).toBe(false);
    const id = Symbol();
    r.marcar(id, true);
    expect(debePreguntar(r, aqui, { pathname: '/persona' })).toBe(true);
    // Same page (a tab or a filter in the URL): nothing is lost.
    expect(debePreguntar(r, aqui, { pathname: '/persona/nueva' })).toBe(false);
    // The session ended: the guard lets the user go to the sign-in page.
    expect(debePreguntar(r, aqui, { pathname: '/Login' })).toBe(false);
    // Saved: the navigation that follows a save does not ask.
    r.marcar(id, false);
    expect(debePreguntar(r, aqui, { pathname: '/personaform/9' })).toBe(false);
  });

  it('a reload or closing the tab gets the browser question only with changes', () => {
    const r = crearRegistroCambios();
    const handler = alDescargar(r);
    const evento = () => {
      const e = { prevented: false, returnValue: undefined as unknown, preventDefault: () => {} };
      e.preventDefault = () => {
        e.prevented = true;
      };
      return e;
    };
    const limpio = evento();
    handler(limpio);
    expect(limpio.prevented).toBe(false);
    r.marcar(Symbol(), true);
    const sucio = evento();
    handler(sucio);
    expect(sucio.prevented).toBe(true);
    expect(sucio.returnValue).toBe(true);
  });
});
