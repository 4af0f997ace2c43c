import { describe, expect, it } from 'vitest';
import { catalogRowSchema } from '../catalogs/define-schemas.ts';
import { fieldErrors } from '../common/errors.ts';
import { MSG } from '../messages.ts';
import {
  ADMIN_RESOURCES,
  finDePeriodo,
  getEmpresasByIdImagenesResponse,
  getPersonasByIdResponse,
  MSG_ADMIN,
  personaSchema,
  registroSchema,
  rucCheck,
  sniffImagen,
  stripNameChars,
  stripNonDigits,
  suscripcionSchema,
  usuarioCreateSchema,
} from './index.ts';

const CEDULA_TIPO = 1;
const schema = personaSchema({ idTipoIdenCedula: CEDULA_TIPO });
const valid = {
  idTipoIden: CEDULA_TIPO,
  documento: '0926687856',
  idEstadoCivil: 2,
  fechaNac: '1985-04-12',
  sexo: 'F',
  telefono: '0991234567',
  primerNombre: 'maría josé',
  segundoNombre: 'Ñusta',
  primerApellido: 'Pérez',
  segundoApellido: 'Güemes',
  idLocalidad: 3,
  email: 'Maria.Perez@Demo.EC',
  direccion: 'Av. 9 de Octubre 100',
};

describe('person schema (docs/spec-summary.md 002 §5)', () => {
  it('the declared person (and image) answer the columns and nullability of the typed rows the web reads', () => {
    const shape = (o: { shape: Record<string, { safeParse: (v: unknown) => { success: boolean } }> }) =>
      Object.fromEntries(Object.entries(o.shape).map(([k, v]) => [k, v.safeParse(null).success]));
    expect(shape(catalogRowSchema(ADMIN_RESOURCES.persona) as never)).toEqual(
      shape(getPersonasByIdResponse as never),
    );
    // And a company's image, listed by the engine.
    expect(shape(catalogRowSchema(ADMIN_RESOURCES.empresaimg) as never)).toEqual(
      shape(getEmpresasByIdImagenesResponse.shape.items.element as never),
    );
  });

  it('accepts a complete person and stores names, address upper-case; e-mail lower-case', () => {
    const p = schema.parse(valid);
    expect(p).toMatchObject({
      primerNombre: 'MARÍA JOSÉ',
      segundoNombre: 'ÑUSTA',
      segundoApellido: 'GÜEMES',
      direccion: 'AV. 9 DE OCTUBRE 100',
      email: 'maria.perez@demo.ec',
    });
  });

  it('every field is required, with the shared message', () => {
    const res = schema.safeParse({});
    expect(res.success).toBe(false);
    const errors = fieldErrors(res.error!);
    expect(errors.primerNombre).toBe(MSG.campoRequerido('Primer nombre'));
    expect(errors.segundoApellido).toBe(MSG.campoRequerido('Segundo apellido'));
    expect(errors.idLocalidad).toBe(MSG.campoRequerido('Localidad'));
    expect(errors.documento).toBe(MSG.campoRequerido('Documento'));
    expect(errors.sexo).toBe('Seleccione el género');
    expect(Object.keys(errors)).toHaveLength(13);
  });

  it('names accept only letters (accents, Ñ) and spaces', () => {
    const errors = fieldErrors(
      schema.safeParse({ ...valid, primerNombre: 'Juan3', primerApellido: 'O-Brien' }).error!,
    );
    expect(errors.primerNombre).toBe(MSG_ADMIN.soloLetras('Primer nombre'));
    expect(errors.primerApellido).toBe(MSG_ADMIN.soloLetras('Primer apellido'));
    expect(stripNameChars('Jo$sé 3Ñandú!')).toBe('José Ñandú');
  });

  it('documento: digits only, exactly 10, cédula check digit when the type is cédula', () => {
    const err = (documento: string, idTipoIden = CEDULA_TIPO) =>
      fieldErrors(schema.safeParse({ ...valid, documento, idTipoIden }).error ?? ({ issues: [] } as never))
        .documento;
    expect(err('09266878A6')).toBe(MSG_ADMIN.soloDigitos('Documento'));
    expect(err('092668785')).toBe(MSG_ADMIN.documento10);
    expect(err('0926687857')).toBe(MSG_ADMIN.cedulaInvalida);
    expect(err('0926687857', 3)).toBeUndefined();
    expect(err('0926687856')).toBeUndefined();
  });

  it('the cédula message shows together with other fields’ messages', () => {
    const errors = fieldErrors(
      schema.safeParse({ ...valid, documento: '0926687857', primerNombre: '' }).error!,
    );
    expect(errors.documento).toBe(MSG_ADMIN.cedulaInvalida);
    expect(errors.primerNombre).toBe(MSG.campoRequerido('Primer nombre'));
  });

  it('teléfono: digits only, at most 10', () => {
    expect(fieldErrors(schema.safeParse({ ...valid, telefono: '09912345678' }).error!).telefono).toBe(
      MSG_ADMIN.telefonoMax,
    );
    expect(fieldErrors(schema.safeParse({ ...valid, telefono: '099-123' }).error!).telefono).toBe(
      MSG_ADMIN.soloDigitos('Teléfono'),
    );
    expect(stripNonDigits('099-123 4567 89', 10)).toBe('0991234567');
  });

  it('birth date must be a real date, not in the future', () => {
    expect(fieldErrors(schema.safeParse({ ...valid, fechaNac: '2999-01-01' }).error!).fechaNac).toBe(
      MSG_ADMIN.fechaFutura,
    );
    expect(fieldErrors(schema.safeParse({ ...valid, fechaNac: '1990-02-30' }).error!).fechaNac).toBe(
      MSG_ADMIN.fechaInvalida('Fecha de nacimiento'),
    );
  });
});

describe('RUC rule', () => {
  it('natural person: the first ten digits must be a valid cédula → error otherwise', () => {
    expect(rucCheck('0926687856001')).toEqual({});
    expect(rucCheck('0926687857001').error).toBe(MSG_ADMIN.rucInvalido);
  });
  it('companies (third digit 6 or 9): only a warning', () => {
    expect(rucCheck('0992345678001')).toEqual({ warning: expect.stringContaining('SRI') });
    expect(rucCheck('1760001230001').warning).toBeDefined();
  });
  it('not 13 digits or establishment 000 → error', () => {
    expect(rucCheck('09923456780').error).toBeDefined();
    expect(rucCheck('0926687856000').error).toBeDefined();
  });
});

describe('users, subscriptions, registration', () => {
  it('user: password of at least 8 characters; e-mail stored lower-case', () => {
    const base = { idPerfil: 1, idSuscripcion: 1, nombre: 'Nuevo@Demo.EC' };
    expect(fieldErrors(usuarioCreateSchema.safeParse({ ...base, clave: 'corta' }).error!).clave).toBe(
      MSG.claveMuyCorta,
    );
    expect(usuarioCreateSchema.parse({ ...base, clave: 'Larga.2026' }).nombre).toBe('nuevo@demo.ec');
  });

  it('subscription: fecha hasta not before fecha desde; numero upper-case', () => {
    const s = {
      idPlan: 1,
      idFormaPago: 1,
      numero: 'sus-1',
      fechaDesde: '2026-05-01',
      fechaHasta: '2026-04-01',
    };
    expect(fieldErrors(suscripcionSchema.safeParse(s).error!).fechaHasta).toBe(MSG_ADMIN.fechasInvalidas);
    expect(suscripcionSchema.parse({ ...s, fechaHasta: '2027-04-30' }).numero).toBe('SUS-1');
  });

  it('period end: months later minus one day, month ends respected', () => {
    expect(finDePeriodo('2026-01-01', 12)).toBe('2026-12-31');
    expect(finDePeriodo('2026-03-15', 1)).toBe('2026-04-14');
    expect(finDePeriodo('2026-01-31', 1)).toBe('2026-02-27');
  });

  it('registration: terms must be accepted and passwords match', () => {
    const errors = fieldErrors(
      registroSchema.safeParse({ aceptaTerminos: false, clave: 'Clave.2026', confirmacion: 'Otra.2026' })
        .error!,
    );
    expect(errors.aceptaTerminos).toBe(MSG_ADMIN.terminosRequeridos);
    expect(errors.confirmacion).toBe(MSG_ADMIN.clavesNoCoinciden);
  });
});

describe('company images by content', () => {
  it('PNG and JPEG by magic bytes; text is not an image whatever its name', () => {
    expect(sniffImagen(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffImagen(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImagen(new TextEncoder().encode('hola, no soy una imagen'))).toBeNull();
  });
});
