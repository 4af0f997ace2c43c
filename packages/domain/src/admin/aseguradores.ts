import { z } from 'zod';
import { rucField } from './empresa.ts';
import { checkDateRange, optionalId, requiredDate, requiredId, requiredText, whenObject } from './fields.ts';

/** Insurer: nombre and tipo required. */
export const aseguradorSchema = z.object({
  nombre: requiredText('Nombre', 200, { upper: true }),
  tipo: requiredText('Tipo', 40, { upper: true }),
});

/** Tariff sheet: element class, description, period and insurer required. */
export const tarifarioSchema = z
  .object({
    idClasElem: requiredId('Clase de elemento'),
    descripcion: requiredText('Descripción', 500, { upper: true }),
    fechaDesde: requiredDate('Fecha desde'),
    fechaHasta: requiredDate('Fecha hasta'),
    idAsegurador: requiredId('Asegurador'),
  })
  .superRefine(checkDateRange, whenObject);

/** Insurer tariff: a tariff sheet used by an insurer. */
export const tarifaAsegSchema = z.object({
  idTarifario: requiredId('Tarifario'),
  idAsegurador: requiredId('Asegurador'),
});

/**
 * Provider: razón social, nombre comercial and RUC required (natural persons' RUC by the cédula
 * rule; a company's RUC only warned). The company defaults to the user's; another one must be
 * among the companies the user administers.
 */
export const prestadorSchema = z.object({
  razonSocial: requiredText('Razón social', 200, { upper: true }),
  nombreComercial: requiredText('Nombre comercial', 200, { upper: true }),
  ruc: rucField('RUC'),
  idEmpresa: optionalId(),
});
