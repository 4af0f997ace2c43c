import { RegistroCompleto, RenovacionCompleta, SuscripcionActual } from './registro-fin.tsx';
import { Frame, RequireAdministrador } from './registro-marco.tsx';
import { DatosStep, FormaPagoStep, PlanStep, TerminosStep } from './registro-pasos.tsx';

export function Registro01Plan() {
  return (
    <Frame flujo="registro" step={0} title="Elija su plan">
      <PlanStep flujo="registro" />
    </Frame>
  );
}
export function Registro02TC() {
  return (
    <Frame flujo="registro" step={1} title="Términos y condiciones">
      <TerminosStep flujo="registro" />
    </Frame>
  );
}
export function Registro03Usuario() {
  return (
    <Frame flujo="registro" step={2} title="Datos de su empresa y de su usuario">
      <DatosStep />
    </Frame>
  );
}
export function Registro04FP() {
  return (
    <Frame flujo="registro" step={3} title="Forma de pago">
      <FormaPagoStep flujo="registro" />
    </Frame>
  );
}
export function Registro05Completo() {
  return (
    <Frame flujo="registro" step={4} title="Registro">
      <RegistroCompleto />
    </Frame>
  );
}
export function Renovacion01Plan() {
  return (
    <Frame flujo="renovacion" step={0} title="Renovar la suscripción: elija el plan">
      <RequireAdministrador>
        <SuscripcionActual />
        <PlanStep flujo="renovacion" />
      </RequireAdministrador>
    </Frame>
  );
}
export function Renovacion02TC() {
  return (
    <Frame flujo="renovacion" step={1} title="Términos y condiciones">
      <RequireAdministrador>
        <TerminosStep flujo="renovacion" />
      </RequireAdministrador>
    </Frame>
  );
}
export function Renovacion03FP() {
  return (
    <Frame flujo="renovacion" step={2} title="Forma de pago">
      <RequireAdministrador>
        <FormaPagoStep flujo="renovacion" />
      </RequireAdministrador>
    </Frame>
  );
}
export function Renovacion04Completo() {
  return (
    <Frame flujo="renovacion" step={3} title="Renovación">
      <RequireAdministrador>
        <RenovacionCompleta />
      </RequireAdministrador>
    </Frame>
  );
}
