import { describe, expect, it } from 'vitest';
import { PERSONA_FIELDS } from './persona-form.tsx';

describe('the person form', () => {
  it('reads every field of its page from the `persona` declaration, in the page’s order', () => {
    expect(PERSONA_FIELDS.map((f) => `${f.name}:${f.kind}${f.required ? '*' : ''}`)).toEqual([
      'idTipoIden:select*',
      'documento:digits*',
      'idEstadoCivil:select*',
      'primerNombre:letters*',
      'segundoNombre:letters*',
      'primerApellido:letters*',
      'segundoApellido:letters*',
      'fechaNac:date*',
      'sexo:select*',
      'telefono:digits*',
      'idLocalidad:select*',
      'email:email*',
      'direccion:upper*',
    ]);
  });
});
