/*
 * Field declarations several catalogues share: the same column, label and rule, declared once.
 */

/** A required text of up to 500 characters, kept in upper case (standard observations, answers, tariff sheets). */
export const descripcionObligatoria = {
  name: 'descripcion',
  label: 'Descripción',
  type: 'textarea',
  required: true,
  upper: true,
  maxLength: 500,
} as const;

/** A required element of the element catalogue (TPSNS services, medicines, supplies), shown by code and name. */
export const elementoObligatorio = {
  name: 'idElemento',
  label: 'Elemento',
  type: 'select',
  required: true,
  ref: { catalog: 'elemento', labelField: ['codigo', 'nombre'] },
} as const;
