/** The product as the /acerca-de page and the PDF documents name it. */
export const PRODUCTO = {
  nombre: 'Auditoría Médica',
  descripcion:
    'Back office de reclamos de atenciones médicas: los prestadores cargan sus atenciones y la aseguradora las audita.',
  version: '0.1.0',
} as const;

export type Atribucion = { nombre: string; uso: string; autor: string; licencia: string; url?: string };

/** Third-party data shipped with the product, with the attribution their licences ask for. */
export const ATRIBUCIONES: readonly Atribucion[] = [
  {
    nombre: 'CIE-10 en español',
    uso: 'Catálogo de diagnósticos (códigos y nombres CIE-10).',
    autor:
      'Paquete "cie" de cluster311, construido a partir del listado público CIE-10 en español (icdcode.info) y la lista del DEIS (Chile).',
    licencia: 'MIT',
    url: 'https://github.com/cluster311/cie10',
  },
  {
    nombre: 'Tablas de crecimiento de la OMS (IMC para la edad)',
    uso: 'Parámetros LMS de la herramienta IMC Menores (0 a 19 años).',
    autor:
      'Organización Mundial de la Salud (Patrones de Crecimiento Infantil 2006 y Referencia de Crecimiento 2007), tablas redistribuidas por el proyecto pygrowup. Copyright (c) UNICEF and individual contributors.',
    licencia: 'BSD de 3 cláusulas (pygrowup)',
    url: 'https://github.com/ewheeler/pygrowup',
  },
  {
    nombre: 'Vademécum: medicamentos esenciales',
    uso: 'Medicamentos del catálogo de elementos y de la herramienta Vademécum (443 presentaciones: principio activo, concentración y forma farmacéutica).',
    autor:
      'Selección basada en el Cuadro Nacional de Medicamentos Básicos del Ecuador (CNMB, 11.ª revisión, Ministerio de Salud Pública, Comisión Nacional de Medicamentos e Insumos del CONASA) y en la Lista Modelo de Medicamentos Esenciales de la OMS (23.ª lista, 2023); códigos ATC del Centro Colaborador de la OMS para la Metodología de Estadísticas de Medicamentos. No es la lista completa ni una referencia para prescribir.',
    licencia: 'Información pública (MSP Ecuador; OMS, CC BY-NC-SA 3.0 IGO)',
    url: 'https://www.who.int/publications/i/item/WHO-MHP-HPS-EML-2023.02',
  },
];
