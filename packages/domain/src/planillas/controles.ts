/** The five pre-audit controls of the supervision tab (issue 5 item 10), run in SQL by the API. */
export const CONTROLES = [
  {
    control: 1,
    nombre: 'Duplicados',
    descripcion: 'Atenciones duplicadas: mismo paciente, fechas y servicios.',
  },
  {
    control: 2,
    nombre: 'Fechas',
    descripcion: 'Fechas fuera del periodo de la carga o en fin de semana.',
  },
  { control: 3, nombre: 'Tarifas', descripcion: 'Valor unitario mayor que la tarifa del prestador.' },
  {
    control: 4,
    nombre: 'Diagnósticos',
    descripcion: 'Diagnóstico inexistente en CIE-10 o incompatible con el sexo o la edad del paciente.',
  },
  { control: 5, nombre: 'Sin documentos', descripcion: 'Atenciones sin documentos de respaldo.' },
] as const;
export type NumeroControl = (typeof CONTROLES)[number]['control'];
