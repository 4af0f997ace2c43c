const num = new Intl.NumberFormat('es-EC', { maximumFractionDigits: 1, useGrouping: false });
const n = (v: number) => num.format(v);

/** Spanish texts of the tools (drawer: Consulta Cobertura, Vademecum, Calculadora, IMC). */
export const MSG_HERRAMIENTAS = {
  pesoRango: (min: number, max: number) => `Ingrese un peso entre ${n(min)} y ${n(max)} kg.`,
  tallaRango: (min: number, max: number) => `Ingrese una talla entre ${n(min)} y ${n(max)} cm.`,
  edadRango: 'La edad debe estar entre 0 y 228 meses (19 años).',
  sexoRequerido: 'Seleccione el sexo.',
  fechaNacimientoFutura: 'La fecha de nacimiento no puede ser posterior a la fecha de medición.',
  cedulaRequerida: 'Ingrese la cédula del paciente.',
  cedulaInvalida: 'La cédula ingresada no es válida.',
  sinAtenciones: 'No se encontraron atenciones para la cédula ingresada.',
  sinMedicamentos: 'No se encontraron medicamentos.',
  divisionPorCero: 'No se puede dividir para cero',
  desbordamiento: 'Resultado demasiado grande',
} as const;
