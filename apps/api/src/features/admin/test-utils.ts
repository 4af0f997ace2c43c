import type { RegistroInput } from '@app/domain';
import { expect } from 'vitest';
import { cedulaFrom } from '../../db/seed/demo.ts';
import type { TestContext } from '../../test/helpers.ts';

export { multipart } from '../../test/multipart.ts';

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let seq = 0;
/** A unique valid cédula and company RUC per call. */
export function unique() {
  seq++;
  const n = `${process.pid % 1000}${seq}`.padStart(7, '0').slice(-7);
  return {
    cedula: cedulaFrom(`17${n}`),
    ruc: `099${n}001`,
    email: `nuevo${process.pid}.${seq}.${Date.now() % 100000}@empresa.ec`,
  };
}

export function registroBody(over: Partial<RegistroInput> = {}): RegistroInput {
  const u = unique();
  return {
    idPlan: 1,
    aceptaTerminos: true,
    razonSocial: 'Clínica del Sur Cía. Ltda.',
    nombreCorto: 'Clínica del Sur',
    ruc: u.ruc,
    primerNombre: 'Ana',
    segundoNombre: 'Lucía',
    primerApellido: 'Ñáñez',
    segundoApellido: 'Pérez',
    cedula: u.cedula,
    email: u.email,
    clave: 'Segura.2026',
    confirmacion: 'Segura.2026',
    idFormaPago: 1,
    ...over,
  };
}

/** Registers a new subscriber company through the public endpoint and signs its administrator in. */
export async function registrarEmpresa(t: TestContext, over: Partial<RegistroInput> = {}) {
  const body = registroBody(over);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/registro',
    payload: body,
    remoteAddress: `10.0.${seq % 250}.${(seq * 7) % 250}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const headers = await t.auth(body.email, body.clave);
  return {
    ...(res.json() as { idEmpresa: number; idSuscripcion: number; idUsuario: number }),
    body,
    headers,
  };
}

/** A valid person body for the persons API. */
export function personaBody(over: Record<string, unknown> = {}) {
  return {
    idTipoIden: 1,
    documento: unique().cedula,
    idEstadoCivil: 1,
    fechaNac: '1988-07-21',
    sexo: 'M',
    telefono: '0987654321',
    primerNombre: 'José',
    segundoNombre: 'Andrés',
    primerApellido: 'Muñoz',
    segundoApellido: 'Álava',
    idLocalidad: 1,
    email: 'jose.munoz@demo.ec',
    direccion: 'Av. Quito y Colón',
    ...over,
  };
}
